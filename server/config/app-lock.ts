/** The app lock's settings (docs/auth.md "App lock"): the step-up window and what its slow hashes may cost. */
import { defineSection } from './section';
import { v } from './vars';

export interface AppLockSettings {
  /** The step-up guard wants an unlock in this session at most this many seconds old (APP_LOCK_STEP_UP_SECONDS). */
  stepUpSeconds: number;
  /** Slow hashes (scrypt) running at once in this process; the rest wait, each user behind their own (APP_LOCK_HASH_CONCURRENCY). */
  hashConcurrency: number;
  /** A user's calls waiting for the pool at most; one more is refused 429 (APP_LOCK_HASH_QUEUE_PER_USER). */
  hashQueuePerUser: number;
  /** Calls that run a slow hash, per user and per client address, per minute (APP_LOCK_HASH_PER_USER/IP_PER_MINUTE). */
  hashesPerUserPerMinute: number;
  hashesPerIpPerMinute: number;
}

export const appLockSection = defineSection(
  {
    APP_LOCK_STEP_UP_SECONDS: v.int(120, 10, 3600, {
      doc: 'card-data reveal, email change, ending sessions, account deletion need an unlock (passcode or biometry) in this session at most this old (step-up); else 403 `STEP_UP_REQUIRED`',
    }),
    APP_LOCK_HASH_CONCURRENCY: v.int(2, 1, 64, { doc: 'app-lock passcode hashes (scrypt, ~0.1 s and 32 MB each) running at once per process; the rest queue, one queue per user served in turn' }),
    APP_LOCK_HASH_QUEUE_PER_USER: v.int(4, 1, 100, { doc: 'a user\'s passcode calls waiting for the hash pool at most; one more is refused 429 `RATE_LIMITED` at once' }),
    APP_LOCK_HASH_PER_USER_PER_MINUTE: v.int(20, 1, 10_000, { doc: 'passcode calls (set, change, unlock, turn off, biometric registration) per user per minute, per process; more: 429 `RATE_LIMITED` with Retry-After' }),
    APP_LOCK_HASH_PER_IP_PER_MINUTE: v.int(60, 1, 100_000, { doc: 'the same per client address (behind TRUST_PROXY, the address the nearest trusted proxy saw)' }),
  },
  (values): AppLockSettings => ({
    stepUpSeconds: values.APP_LOCK_STEP_UP_SECONDS,
    hashConcurrency: values.APP_LOCK_HASH_CONCURRENCY,
    hashQueuePerUser: values.APP_LOCK_HASH_QUEUE_PER_USER,
    hashesPerUserPerMinute: values.APP_LOCK_HASH_PER_USER_PER_MINUTE,
    hashesPerIpPerMinute: values.APP_LOCK_HASH_PER_IP_PER_MINUTE,
  }),
);
