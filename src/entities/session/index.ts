export {
  $accessToken,
  $isAuthenticated,
  $sessionStarted,
  $authExpiredMessage,
  sessionStarted,
  signedIn,
  signedOut,
  authExpired,
  authExpiredMessageShown,
} from './model/session';
/**
 * The durable copy of the refresh token (SecureStorage/DeviceStorage, Telegram 9.0+): boot's part, which loads the
 * model as a lazy chunk (only clients that have those storages download it: first-screen bundle budget). See
 * model/durable-boot.ts and model/durable-session.ts.
 */
export { preloadDurableSession, startDurableSession } from './model/durable-boot';
