/**
 * Keeps the device's lock state (entities/app-lock) in step with the server and the session:
 * - `appLockStarted` (sent by the app's boot for a signed-in session and after every sign-in, once this lazy chunk
 *   has loaded) loads GET /api/app-lock → `lockStatusLoaded`;
 * - a sign-in that just proved the account starts unlocked (`signedInFresh`);
 * - sign-out, an expired session or a session ended by the last wrong try forget the lock on this device
 *   (`lockReset`) and this device's biometry flag;
 * - the lock holds at the server: when this app locks itself ("Lock now", inactivity, the background, a restored
 *   session starting locked) it locks its session there too (POST /api/app-lock/lock), and a status saying this
 *   session is locked there locks the app here.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { $appLocked, lockRequested, lockReset, lockStatusLoaded, signedInFresh } from '@/entities/app-lock';
import { appLockRequired, request } from '@/shared/api';
import { $isAuthenticated, authExpired, signedIn, signedOut } from '@/entities/session';
import { routePaths } from '@/shared/config';
import { appLockLock, type AppLockStatus } from '@/shared/contract';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import { loadLockStatusFx } from '../api/lock-status';
import { lockWatchStarted } from './activity';
import { forgetBiometryOnDevice } from './biometry-device';

/** Boot of a page: follow activity and the background, and load the account's lock when signed in. */
export const appLockStarted = createEvent();
/** A call answered the lock's new state (set, change, off, auto-lock, biometry). */
export const lockStatusAnswered = createEvent<AppLockStatus>();
/** The account's lock as the server last answered (null: not loaded yet in this page). */
export const $lockStatus = createStore<AppLockStatus | null>(null);
export const $lockStatusFailed = createStore(false);
$lockStatus.on([loadLockStatusFx.doneData, lockStatusAnswered], (_, status) => status).reset(signedOut, authExpired);
$lockStatusFailed.on(loadLockStatusFx.fail, () => true).on(loadLockStatusFx.done, () => false);

const forgetBiometryFx = createEffect(() => forgetBiometryOnDevice());

sample({ clock: appLockStarted, target: lockWatchStarted });
sample({ clock: appLockStarted, filter: $isAuthenticated, target: loadLockStatusFx });

// Locked here: locked at the server too (best effort; the server also locks an idle session by itself).
const lockAtServerFx = createEffect(() => request(appLockLock));
sample({ clock: lockRequested, filter: $isAuthenticated, target: lockAtServerFx });
sample({ clock: appLockStarted, filter: $appLocked, target: lockAtServerFx });
// The server says this session is locked: the lock screen, whatever this device thought.
sample({ clock: loadLockStatusFx.doneData, filter: (status) => status.enabled && status.locked, fn: () => 'unlock' as const, target: appLockRequired });
sample({ clock: signedIn, target: signedInFresh });
sample({ clock: [signedOut, authExpired], target: [lockReset, forgetBiometryFx] });

sample({
  clock: [loadLockStatusFx.doneData, lockStatusAnswered],
  fn: (status) => ({ enabled: status.enabled, autoLockSeconds: status.autoLockSeconds }),
  target: lockStatusLoaded,
});

/** The last wrong try ended this session on the server: sign out here too (session-ended.ts says why first). */
export const sessionEndedByLock = createEvent();

sample({ clock: sessionEndedByLock, target: signedOut });
sample({ clock: sessionEndedByLock, fn: (): NavigateTo => ({ to: routePaths.signIn, replace: true }), target: navigateFx });
