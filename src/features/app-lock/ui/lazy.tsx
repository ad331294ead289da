/**
 * The slice's two views are lazy chunks of their own: the lock screen (model/unlock.ts) and the settings
 * section (model/settings.ts), with the lock's seven mutations. A signed-in page's start loads only the index
 * (model/sync.ts: the lock's state and GET /api/app-lock) and creates none of them (docs/performance.md "Start-up").
 */
import { lazy } from 'react';

const loadLockSettings = () => import('./lock-settings');

/** The app-lock section of Settings. It suspends until its chunk is there: call `preloadAppLockSettings` earlier. */
export const AppLockSettings = lazy(() => loadLockSettings().then((module) => ({ default: module.AppLockSettings })));

/** Starts loading the settings section's chunk (the settings page does, when its own chunk is evaluated). */
export function preloadAppLockSettings(): void {
  void loadLockSettings().catch(() => undefined); // a failure shows when the section renders (the route's error screen)
}

/** The lock screen component, with its chunk (the app's lock gate loads it only while the app is locked). */
export const loadAppLockScreen = () => import('./lock-screen').then((module) => module.AppLockScreen);
