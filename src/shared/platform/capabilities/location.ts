/** Device location (8.0+) through Telegram's location manager. */
import { locationManager } from '@telegram-apps/sdk-react';
import { fail, settle, withTimeout, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

export interface Location {
  latitude: number;
  longitude: number;
}

export async function requestLocation(): Promise<BridgeResult<Location>> {
  const blocked = preflight(locationManager.mount);
  if (blocked) return blocked;
  if (!locationManager.isMounted()) {
    const pending = locationManager.isMounting() ? locationManager.mountPromise() : locationManager.mount();
    const mounted = await settle(() => withTimeout(Promise.resolve(pending), 3000));
    if (!mounted.ok) return mounted;
  }
  if (!locationManager.isAvailable()) return fail('unsupported', 'platform:errors.locationUnavailable');
  const result = await settle(() => withTimeout(locationManager.requestLocation(), 60_000));
  if (!result.ok) return result;
  const { latitude, longitude } = result.value as { latitude: number; longitude: number };
  return { ok: true, value: { latitude, longitude } };
}
