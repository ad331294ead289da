/**
 * Portrait lock on phones (8.0+, `web_app_toggle_orientation_lock { locked }`): a wallet's screens are made for portrait;
 * turning the phone must not re-lay them out mid-payment. Only the mobile clients (ios, android) are locked: desktop
 * windows have no orientation to lock.
 */
import { runtime } from '../state';
import { post } from './bridge-call';

const PHONES = new Set(['ios', 'android', 'android_x']);

/** Locks the orientation on a phone; true when the lock was asked for. */
export function lockPortraitOnPhones(): boolean {
  const platform = runtime.launchParams?.platform;
  if (!platform || !PHONES.has(platform)) return false;
  return post('web_app_toggle_orientation_lock', { locked: true });
}
