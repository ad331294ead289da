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
 * The durable copy of the refresh token (SecureStorage/DeviceStorage, Telegram 9.0+) as a lazy chunk: only clients
 * that have those storages download it (first-screen bundle budget). See model/durable-session.ts.
 */
export const loadDurableSession = () => import('./model/durable-session');
