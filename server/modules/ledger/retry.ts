import { pgErrorCode, type Db, type Queryable } from '../../db/db';

/** PostgreSQL errors after which the whole transaction may simply be run again. */
const RETRYABLE = new Set(['40P01' /* deadlock_detected */, '40001' /* serialization_failure */]);

const isRetryableTxError = (error: unknown): boolean => RETRYABLE.has(pgErrorCode(error) ?? '');

/**
 * `db.tx(fn)`, run again (up to `attempts` times) when PostgreSQL aborts it as a deadlock victim or a
 * serialization failure. postTransaction alone never deadlocks (it locks in id order), but a caller that
 * posts several transactions (legs) in one database transaction takes several lock sets one after the
 * other, and two such callers can wait on each other; PostgreSQL then aborts one, and this retries it.
 * `fn` must be safe to run again: everything it did in the database was rolled back.
 */
export const runLedgerTx = async <T>(db: Db, fn: (q: Queryable) => Promise<T>, attempts = 5): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.tx(fn);
    } catch (error) {
      if (attempt >= attempts || !isRetryableTxError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
};
