/**
 * How many slow hashes (a passcode set, change, check; docs/auth.md "App lock") one user and one client address may
 * ask for per minute, in this process (what they protect is this process's CPU; the wrong tries themselves are counted
 * in the database, across processes). Over either limit: 429 RATE_LIMITED with Retry-After, before any hash runs.
 */
import { catalogError } from '../../http/errors';

interface Window {
  startedAt: number;
  count: number;
}

const WINDOW_MS = 60_000;

export class HashLimits {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly perUserPerMinute: number,
    private readonly perIpPerMinute: number,
  ) {}

  /** Counts one hash for the user and the address, or refuses it (nothing counted) when either is over its limit. */
  take(userId: string, ip: string, now: number): void {
    const keys: Array<[string, number]> = [
      [`user:${userId}`, this.perUserPerMinute],
      [`ip:${ip}`, this.perIpPerMinute],
    ];
    for (const [key, limit] of keys) {
      const window = this.current(key, now);
      if (window.count >= limit) {
        const retryAfter = Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
        throw catalogError('RATE_LIMITED', 'Too many passcode attempts. Please wait a moment and try again.', { headers: { 'retry-after': String(retryAfter) } });
      }
    }
    for (const [key] of keys) this.current(key, now).count++;
  }

  private current(key: string, now: number): Window {
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.prune(now);
    }
    return window;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.startedAt >= WINDOW_MS) this.windows.delete(key);
  }
}
