export {
  $appLocked,
  $lockPhase,
  $lockSettings,
  lockStatusLoaded,
  unlocked,
  lockRequested,
  signedInFresh,
  lockReset,
} from './model/lock';
