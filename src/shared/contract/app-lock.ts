/**
 * App lock (issue #15 "App lock and privacy"): a 4–6-digit passcode kept by the server only as a slow salted hash,
 * a limited number of tries before the session is ended, and biometric unlock tokens kept by Telegram on the device
 * (the server stores their hashes). docs/api.md "App lock", docs/auth.md "App lock".
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './core';

/** 4 to 6 digits, ASCII only. */
export const Passcode = z.string().check(z.regex(/^\d{4,6}$/));
/** A random unlock token the app made and saved in Telegram's biometric storage (base64url, 32–128 chars). */
export const BiometricToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/));
/** Inactivity before the app locks itself, in seconds: 1, 5 or 15 minutes. */
export const AUTO_LOCK_SECONDS = [60, 300, 900] as const;
export const AutoLockSeconds = z.union([z.literal(60), z.literal(300), z.literal(900)]);
export type AutoLockSeconds = z.infer<typeof AutoLockSeconds>;
/** Wrong passcodes (or unknown biometric tokens) in a row before the session is ended. */
export const APP_LOCK_MAX_TRIES = 5;

export const AppLockStatus = z.object({
  enabled: z.boolean(),
  /** The user's inactivity time; the default (300) while the lock is off. */
  autoLockSeconds: AutoLockSeconds,
  /** Devices with biometric unlock registered. */
  biometricDevices: z.int(),
  /** Tries left before the session is ended (APP_LOCK_MAX_TRIES after a right one). */
  triesLeft: z.int(),
  /** This session is locked at the server: only the status, unlock and lock calls answer it (423 APP_LOCKED). */
  locked: z.boolean(),
});
export type AppLockStatus = z.infer<typeof AppLockStatus>;

/**
 * The answer of every call that checks a passcode or token: `ok` (done; `status` is the new state), `wrong` (counted;
 * `triesLeft` left) or `session_ended` (that was the last try: this session is revoked, the passcode and biometric
 * tokens are removed, the user signs in again). A wrong try is an answer, not an error, so the client reads
 * `triesLeft` from the contract.
 */
export const AppLockResult = z.object({
  result: z.enum(['ok', 'wrong', 'session_ended']),
  triesLeft: z.int(),
  status: z.nullable(AppLockStatus),
});
export type AppLockResult = z.infer<typeof AppLockResult>;

export const appLockStatus = defineEndpoint({
  id: 'appLock.status',
  method: 'GET',
  path: '/api/app-lock',
  auth: 'bearer',
  tag: 'app-lock',
  summary: 'Whether the app lock is on, its inactivity time, biometric devices, tries left, and whether this session is locked.',
  whileLocked: true,
  response: AppLockStatus,
});

export const appLockSetPasscode = defineEndpoint({
  id: 'appLock.setPasscode',
  method: 'POST',
  path: '/api/app-lock/passcode',
  auth: 'bearer',
  tag: 'app-lock',
  summary:
    'Sets the passcode (turns the lock on; the account’s other sessions are locked) or changes it: a change needs currentPasscode, ' +
    'checked like an unlock (that is its step-up).',
  // The current passcode in the body is the strongest step-up (checked and counted in this request).
  requires: [{ guard: 'step-up', when: ({ body }) => body.currentPasscode === undefined }],
  body: z.strictObject({ passcode: Passcode, currentPasscode: z.optional(Passcode), autoLockSeconds: z.optional(AutoLockSeconds) }),
  response: AppLockResult,
});

export const appLockTurnOff = defineEndpoint({
  id: 'appLock.turnOff',
  method: 'POST',
  path: '/api/app-lock/off',
  auth: 'bearer',
  tag: 'app-lock',
  summary: 'Turns the lock off (removes the passcode and every biometric token); needs the passcode.',
  body: z.strictObject({ passcode: Passcode }),
  response: AppLockResult,
});

export const appLockUnlock = defineEndpoint({
  id: 'appLock.unlock',
  method: 'POST',
  path: '/api/app-lock/unlock',
  auth: 'bearer',
  tag: 'app-lock',
  summary: 'Checks the passcode: a wrong one is counted; the last try ends the session. A right one unlocks this session.',
  whileLocked: true,
  body: z.strictObject({ passcode: Passcode }),
  response: AppLockResult,
});

export const appLockUnlockBiometric = defineEndpoint({
  id: 'appLock.unlockBiometric',
  method: 'POST',
  path: '/api/app-lock/unlock-biometric',
  auth: 'bearer',
  tag: 'app-lock',
  summary: 'Checks a biometric unlock token read from Telegram after a biometric check; an unknown one counts as a wrong try.',
  whileLocked: true,
  body: z.strictObject({ biometricToken: BiometricToken }),
  response: AppLockResult,
});

export const appLockSettings = defineEndpoint({
  id: 'appLock.settings',
  method: 'PATCH',
  path: '/api/app-lock/settings',
  auth: 'bearer',
  tag: 'app-lock',
  summary: 'Changes the inactivity time (the lock must be on).',
  body: z.strictObject({ autoLockSeconds: AutoLockSeconds }),
  response: AppLockStatus,
});

export const appLockBiometryAdd = defineEndpoint({
  id: 'appLock.biometryAdd',
  method: 'POST',
  path: '/api/app-lock/biometry',
  auth: 'bearer',
  tag: 'app-lock',
  summary:
    "Registers the hash of a device's biometric unlock token with the passcode, checked like an unlock (the lock must be on; " +
    'at most 5 devices, oldest dropped). A wrong passcode registers nothing and counts as a wrong try.',
  // The passcode in the body is the step-up (checked and counted in this request): the guard never has to run.
  requires: [{ guard: 'step-up', when: ({ body }) => body.passcode === undefined }],
  body: z.strictObject({ biometricToken: BiometricToken, passcode: Passcode }),
  response: AppLockResult,
});

export const appLockLock = defineEndpoint({
  id: 'appLock.lock',
  method: 'POST',
  path: '/api/app-lock/lock',
  auth: 'bearer',
  tag: 'app-lock',
  summary:
    'Locks this session at the server (the app locked itself: "Lock now", inactivity, the background, a restart): until an unlock ' +
    'only the status, unlock and lock calls answer it. Without a lock nothing happens.',
  whileLocked: true,
  response: AppLockStatus,
});

export const appLockBiometryRemove = defineEndpoint({
  id: 'appLock.biometryRemove',
  method: 'POST',
  path: '/api/app-lock/biometry/remove',
  auth: 'bearer',
  tag: 'app-lock',
  summary: "Forgets a device's biometric unlock token (silently when unknown).",
  body: z.strictObject({ biometricToken: BiometricToken }),
  response: AppLockStatus,
});

/** The app-lock endpoints by id: index.ts composes every domain's group into `endpoints`. */
export const appLockEndpoints = {
  'appLock.status': appLockStatus,
  'appLock.setPasscode': appLockSetPasscode,
  'appLock.turnOff': appLockTurnOff,
  'appLock.unlock': appLockUnlock,
  'appLock.unlockBiometric': appLockUnlockBiometric,
  'appLock.settings': appLockSettings,
  'appLock.biometryAdd': appLockBiometryAdd,
  'appLock.biometryRemove': appLockBiometryRemove,
  'appLock.lock': appLockLock,
} as const;
