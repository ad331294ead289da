/**
 * The app lock's state on this device (docs/frontend-data.md "App lock"): light on purpose (effector + the platform
 * segment, no transport), because the root layout reads it on every first screen.
 *
 * - `$lockPhase`: 'off' (no lock, or signed out), 'locked' (the lock screen replaces every route), 'unlocked'.
 * - A hint in localStorage (`tgwallet.appLock`: the inactivity time only, never a secret) says the account has a lock,
 *   so a restored session starts LOCKED before any request; the server's answer (`lockStatusLoaded`, sent by the
 *   app-lock feature) is the truth and rewrites the hint. A restored session without a hint locks as soon as the
 *   server says there is a lock (`$restoredUnchecked`).
 * - `lockRequested` locks an unlocked app: "Lock now", and (from features/app-lock, a lazy chunk: the timer and the
 *   listeners stay out of the first screen) the inactivity time passing or the app going to the background.
 * - `signedInFresh` (a sign-in that just proved the account) starts unlocked; `lockReset` (sign-out, session
 *   ended) forgets the hint and the phase.
 * - The server has the last word (the lock holds there, docs/frontend-data.md "App lock"): a call it refused with
 *   APP_LOCKED locks the app here (never a sign-out); one refused with STEP_UP_REQUIRED asks for the passcode or
 *   biometry (`$stepUpPending`, the prompt over the screen). Either call waits in the transport (shared/api
 *   app-lock-wait) and is sent again once `unlocked`; a cancelled prompt or a sign-out lets it fail.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { appLockRequired, appLockSettled, tokenStorage } from '@/shared/api';

export type LockPhase = 'off' | 'locked' | 'unlocked';

export interface LockSettings {
  enabled: boolean;
  autoLockSeconds: number;
}

export const LOCK_HINT_KEY = 'tgwallet.appLock';
export const DEFAULT_AUTO_LOCK_SECONDS = 300;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The hint: the inactivity time of an account with a lock, or null. */
export function readLockHint(): number | null {
  const raw = storage()?.getItem(LOCK_HINT_KEY);
  if (!raw) return null;
  const seconds = Number(JSON.parse(raw)?.autoLockSeconds);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : DEFAULT_AUTO_LOCK_SECONDS;
}

function initialState(): { settings: LockSettings; phase: LockPhase; restored: boolean } {
  let hint: number | null = null;
  try {
    hint = readLockHint();
  } catch {
    hint = null;
  }
  const restored = tokenStorage.getAccessToken() !== null;
  return {
    settings: { enabled: hint !== null, autoLockSeconds: hint ?? DEFAULT_AUTO_LOCK_SECONDS },
    phase: hint !== null && restored ? 'locked' : 'off',
    restored,
  };
}

/** The server's answer about this account's lock (GET /api/app-lock, or a set / change / turn-off). */
export const lockStatusLoaded = createEvent<LockSettings>();
/** The passcode or biometry was accepted. */
export const unlocked = createEvent();
/** Lock now: "Lock now", the app went to the background, or the inactivity time passed (features/app-lock). */
export const lockRequested = createEvent();
/** A sign-in that proved the account just now: unlocked. */
export const signedInFresh = createEvent();
/** Signed out / session ended: no lock on this device until the next account says so. */
export const lockReset = createEvent();
/** The step-up prompt was closed without an unlock: the call that asked for it fails. */
export const stepUpCancelled = createEvent();

const initial = initialState();
export const $lockSettings = createStore<LockSettings>(initial.settings);
export const $lockPhase = createStore<LockPhase>(initial.phase);
/** A session restored at boot whose lock the server has not confirmed yet (no hint on this device). */
const $restoredUnchecked = createStore(initial.restored && initial.phase === 'off');
export const $appLocked = $lockPhase.map((phase) => phase === 'locked');
/** A call waits for a step-up (a recent unlock): the prompt is shown over the screen. */
export const $stepUpPending = createStore(false);

const writeHintFx = createEffect((settings: LockSettings) => {
  const store = storage();
  if (!store) return;
  if (settings.enabled) store.setItem(LOCK_HINT_KEY, JSON.stringify({ autoLockSeconds: settings.autoLockSeconds }));
  else store.removeItem(LOCK_HINT_KEY);
});

// Server truth.
$lockSettings.on(lockStatusLoaded, (_, settings) => settings);
sample({ clock: lockStatusLoaded, target: writeHintFx });
// Off on the server: off here. On: a restored session not checked yet locks; one already in use stays as it is
// (a lock just set here is 'unlocked'). The flag is cleared after it was read (declaration order).
sample({
  clock: lockStatusLoaded,
  source: { phase: $lockPhase, restored: $restoredUnchecked },
  fn: ({ phase, restored }, settings): LockPhase => {
    if (!settings.enabled) return 'off';
    if (phase !== 'off') return phase;
    return restored ? 'locked' : 'unlocked';
  },
  target: $lockPhase,
});
sample({ clock: [lockStatusLoaded, signedInFresh, lockReset], fn: () => false, target: $restoredUnchecked });

// Locking and unlocking.
$lockPhase
  .on(unlocked, (phase) => (phase === 'locked' ? 'unlocked' : phase))
  .on(lockRequested, (phase) => (phase === 'unlocked' ? 'locked' : phase))
  .on(lockReset, () => 'off');
sample({ clock: signedInFresh, source: $lockSettings, fn: (settings): LockPhase => (settings.enabled ? 'unlocked' : 'off'), target: $lockPhase });
$lockSettings.reset(lockReset);
sample({ clock: lockReset, fn: () => ({ enabled: false, autoLockSeconds: DEFAULT_AUTO_LOCK_SECONDS }), target: writeHintFx });

// The server refused a call for the lock: locked here too (whatever this device thought), or the step-up prompt.
$lockPhase.on(appLockRequired, (phase, requirement) => (requirement === 'unlock' ? 'locked' : phase));
$lockSettings.on(appLockRequired, (settings, requirement) => (requirement === 'unlock' ? { ...settings, enabled: true } : settings));
$stepUpPending.on(appLockRequired, (pending, requirement) => pending || requirement === 'step-up').reset(unlocked, stepUpCancelled, lockReset);
// An unlock settles both (it is a fresh step-up); a cancelled prompt or a sign-out lets the waiting calls fail.
sample({ clock: unlocked, fn: () => ({ passed: true }), target: appLockSettled });
sample({ clock: stepUpCancelled, fn: () => ({ requirement: 'step-up' as const, passed: false }), target: appLockSettled });
sample({ clock: lockReset, fn: () => ({ passed: false }), target: appLockSettled });
