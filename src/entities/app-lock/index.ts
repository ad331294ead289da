export {
  $appLocked,
  $lockPhase,
  $lockSettings,
  lockStatusLoaded,
  unlocked,
  lockRequested,
  signedInFresh,
  lockReset,
  $stepUpPending,
  stepUpCancelled,
} from './model/lock';
