/**
 * Where the app lock's slow hashes run (docs/auth.md "App lock", issue #31 item 4): a bounded pool with one queue per
 * user, served in turn. scrypt runs on libuv's thread pool, which serves whoever came first: 200 concurrent passcode
 * changes by one user put another user's unlock behind all of them (122 ms → 9.8 s). Here at most `concurrency`
 * hashes run at once, each user's calls wait behind their own only (round robin across the users waiting), and a user
 * with `maxQueuedPerUser` calls waiting already is refused at once (429 RATE_LIMITED).
 */
import { catalogError } from '../../http/errors';

interface Waiting {
  start: () => void;
}

export class FairHashPool {
  private running = 0;
  /** A counter of calls started: each user's last one (a user never served, or served longest ago, goes first). */
  private tick = 0;
  private readonly lastServed = new Map<string, number>();
  /** User → their calls waiting, oldest first (users in the order they first came, for ties). */
  private readonly queues = new Map<string, Waiting[]>();

  constructor(
    private readonly concurrency: number,
    private readonly maxQueuedPerUser: number,
  ) {}

  /** Runs `task` in the pool on behalf of `userId`. */
  run<T>(userId: string, task: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(userId) ?? [];
    if (queue.length >= this.maxQueuedPerUser) {
      return Promise.reject(catalogError('RATE_LIMITED', 'Too many passcode checks at once. Please wait a moment.', { headers: { 'retry-after': '1' } }));
    }
    return new Promise<T>((resolve, reject) => {
      queue.push({
        start: () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              this.running--;
              this.next();
            });
        },
      });
      this.queues.set(userId, queue);
      this.next();
    });
  }

  /** Starts waiting calls while there is room: the oldest call of the user served longest ago (round robin). */
  private next(): void {
    while (this.running < this.concurrency && this.queues.size > 0) {
      let picked: string | null = null;
      let pickedServed = Infinity;
      for (const userId of this.queues.keys()) {
        const served = this.lastServed.get(userId) ?? -1;
        if (served < pickedServed) {
          picked = userId;
          pickedServed = served;
        }
      }
      const queue = this.queues.get(picked!)!;
      const waiting = queue.shift()!;
      if (queue.length === 0) this.queues.delete(picked!);
      this.lastServed.set(picked!, this.tick++);
      if (this.lastServed.size > 10_000) this.forgetIdle();
      this.running++;
      waiting.start();
    }
  }

  /** Users with nothing waiting leave the memory of who was served when (they come back as newcomers: first in turn). */
  private forgetIdle(): void {
    for (const userId of this.lastServed.keys()) if (!this.queues.has(userId)) this.lastServed.delete(userId);
  }
}
