/** Module state shared by init and the capability wrappers (one Mini App per page). */
import type { LaunchParams } from './launch-params';

export interface PlatformRuntime {
  /** init() of the SDK succeeded: wrappers may call the bridge. */
  initialized: boolean;
  /** Running on the development mock, not in a real Telegram client. */
  isMock: boolean;
  launchParams?: LaunchParams;
  rawInitData?: string;
}

export const runtime: PlatformRuntime = { initialized: false, isMock: false };

/** Test helper: forget everything initPlatform() set up. */
export function resetRuntime(): void {
  runtime.initialized = false;
  runtime.isMock = false;
  delete runtime.launchParams;
  delete runtime.rawInitData;
}
