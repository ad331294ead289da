/**
 * Calls the app lock refused wait here (docs/frontend-data.md "App lock"), one mechanism for every screen:
 * - 423 APP_LOCKED: this session is locked at the server → the app shows its lock screen;
 * - 403 STEP_UP_REQUIRED: the call needs a recent unlock → the app asks for the passcode or biometry.
 * The transport tells the app (`appLockRequired`, scope-bound like authExpired) and waits for entities/app-lock's
 * `appLockSettled`: passed → the call is sent again (once per refusal); not passed (the prompt cancelled, signed out)
 * → the call fails with the server's error. An unlock settles both kinds (it is a step-up too). Never a sign-out.
 */
import { createEvent } from 'effector';

export type AppLockRequirement = 'unlock' | 'step-up';

/** The server refused a call for the app lock: show the lock screen ('unlock') or the step-up prompt ('step-up'). */
export const appLockRequired = createEvent<AppLockRequirement>();
/**
 * The lock screen or the prompt is done: `passed` (unlocked / confirmed) or not (cancelled, signed out), for the calls
 * waiting for `requirement`, or for every waiting call when it is left out (an unlock is a step-up too; a sign-out ends
 * both).
 */
export const appLockSettled = createEvent<{ requirement?: AppLockRequirement; passed: boolean }>();

/** The server's codes for the two refusals (contract errors.ts). */
export const APP_LOCK_CODES: Readonly<Record<string, AppLockRequirement>> = { APP_LOCKED: 'unlock', STEP_UP_REQUIRED: 'step-up' };

const waiting: Record<AppLockRequirement, Array<(passed: boolean) => void>> = { unlock: [], 'step-up': [] };

// Resolves the calls waiting for this requirement (in whatever scope the settle happened: the transport is plain code).
appLockSettled.watch(({ requirement, passed }) => {
  for (const kind of requirement ? [requirement] : (['unlock', 'step-up'] as const)) {
    const resolve = waiting[kind];
    waiting[kind] = [];
    for (const done of resolve) done(passed);
  }
});

/** Tells the app (`notify`: appLockRequired, bound to the caller's scope) and resolves once the lock is settled. */
export function waitForAppLock(requirement: AppLockRequirement, notify: (requirement: AppLockRequirement) => void): Promise<boolean> {
  return new Promise((resolve) => {
    waiting[requirement].push(resolve);
    notify(requirement);
  });
}
