export { appLockStarted } from './model/sync';
export { AppLockScreen, type AppLockScreenProps } from './ui/lock-screen';
export { AppLockSettings } from './ui/lock-settings';
