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
export {
  $durableStore,
  restoreDurableSessionFx,
  selectDurableStore,
  DURABLE_REFRESH_TOKEN_KEY,
  type DurableStoreKind,
  type DurableRestoreOutcome,
} from './model/durable-session';
