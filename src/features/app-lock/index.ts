export { appLockStarted } from './model/sync';
export { AppLockScreen } from './ui/lock-screen';
export { AppLockSettings } from './ui/lock-settings';
