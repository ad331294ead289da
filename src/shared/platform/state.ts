/** Module state shared by init and the capability wrappers (one Mini App per page). */
import type { LaunchParams } from './launch-params';

export interface PlatformRuntime {
  /** init() of the SDK succeeded: wrappers may call the bridge. */
  initialized: boolean;
  /** Running on the development mock, not in a real Telegram client. */
  isMock: boolean;
  /**
   * Telegram draws its own chrome (BackButton, MainButton, SecondaryButton) for this page: true inside a real
   * client, and on the mock configured with `tgMockChrome=telegram`. The app then drives those instead of
   * in-page buttons.
   */
  nativeChrome: boolean;
  launchParams?: LaunchParams;
  rawInitData?: string;
}

export const runtime: PlatformRuntime = { initialized: false, isMock: false, nativeChrome: false };

/** Test helper: forget everything initPlatform() set up. */
export function resetRuntime(): void {
  runtime.initialized = false;
  runtime.isMock = false;
  runtime.nativeChrome = false;
  delete runtime.launchParams;
  delete runtime.rawInitData;
}
