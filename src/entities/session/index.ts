export {
  $accessToken,
  $isAuthenticated,
  $authExpiredMessage,
  sessionStarted,
  signedIn,
  signedOut,
  authExpired,
  authExpiredMessageShown,
} from './model/session';
