export { appLockStarted } from './model/sync';
export { AppLockSettings, loadAppLockScreen, preloadAppLockSettings } from './ui/lazy';
