/**
 * When the app locks itself (docs/frontend-data.md "App lock"): after the account's inactivity time without user activity
 * (pointer, keys, touch, wheel) and when the app goes to the background (Telegram's `deactivated` on 8.0+, the page's
 * visibility elsewhere: @/shared/platform onAppActivity). Both only while unlocked; they send entities/app-lock's
 * `lockRequested`.
 */
import { combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { $lockPhase, $lockSettings, lockRequested } from '@/entities/app-lock';
import { onAppActivity } from '@/shared/platform';

/** Activity events closer than this restart the timer once. */
const ACTIVITY_THROTTLE_MS = 1000;

/** The user did something (tap, key, scroll). */
export const activityDetected = createEvent();
/** The app went to the background. */
export const appBackgrounded = createEvent();
/** Follow activity and the background state (once per page). */
export const lockWatchStarted = createEvent();
const inactivityElapsed = createEvent();

const $timerMs = combine($lockPhase, $lockSettings, (phase, settings) => (phase === 'unlocked' ? settings.autoLockSeconds * 1000 : null));

sample({ clock: [appBackgrounded, inactivityElapsed], target: lockRequested });

// The inactivity timer: restarted by activity while unlocked, stopped otherwise.
let timer: ReturnType<typeof setTimeout> | undefined;
const restartTimerFx = createEffect((ms: number | null) => {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (ms === null) return;
  const elapsed = scopeBind(inactivityElapsed, { safe: true });
  timer = setTimeout(() => {
    timer = undefined;
    elapsed();
  }, ms);
});
sample({ clock: $timerMs, target: restartTimerFx });
sample({ clock: [activityDetected, lockWatchStarted], source: $timerMs, target: restartTimerFx });

const $watching = createStore(false, { serialize: 'ignore' });
const watchFx = createEffect(() => {
  if (typeof document === 'undefined') return;
  const background = scopeBind(appBackgrounded, { safe: true });
  const active = scopeBind(activityDetected, { safe: true });
  onAppActivity({ onBackground: () => background() });
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < ACTIVITY_THROTTLE_MS) return;
    last = now;
    active();
  };
  for (const type of ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const) {
    document.addEventListener(type, onActivity, { capture: true, passive: true });
  }
});
sample({ clock: lockWatchStarted, filter: $watching.map((on) => !on), target: watchFx });
$watching.on(watchFx.done, () => true);
