/** Availability check shared by the wrappers: not initialised → 'outside', old client → 'unsupported'. */
import { fail, type BridgeResult } from '../bridge-result';
import { runtime } from '../state';

/** Any SDK function wrapped by the SDK's wrapSafe: `isSupported` exists when a version gate applies. */
export interface SdkFunction {
  isAvailable: () => boolean;
  isSupported?: () => boolean;
}

/** Returns a failed result when `fn` cannot run now, or undefined when the call may proceed. */
export function preflight(fn?: SdkFunction): BridgeResult<never> | undefined {
  if (!runtime.initialized) return fail('outside');
  if (fn?.isSupported && !fn.isSupported()) return fail('unsupported');
  return undefined;
}
