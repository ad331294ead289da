import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import { addSeconds } from '../clock';
import type { Db, Queryable, SqlParam, StatementFrom } from '../db/db';
import { IdempotencyKey } from '@/shared/contract/core';
import * as z from 'zod/mini';
import { catalogError } from './errors';
import { API_HEADERS, requestHeader } from './headers';

/**
 * Idempotency-Key handling for `idempotent: true` endpoints. The first request with a key claims it
 * ('pending'); its successful answer is stored ('done') and every replay of the same key returns that
 * stored answer without running the handler again. The same key with a different request is refused
 * (IDEMPOTENCY_KEY_REUSED, status from the shared error catalogue). A failed request releases its key so the client may retry with it.
 * Keys are scoped per user (or 'anonymous') and per endpoint.
 */
/**
 * A 'pending' claim older than `pendingSeconds` (config IDEMPOTENCY_PENDING_SECONDS, default 60) is treated as
 * abandoned (its process died between claim and answer) and may be re-claimed. Re-running the handler is safe:
 * every money-moving handler finds its own earlier result by the same key inside its database transaction
 * (cards.create_key, card_topups.request_key, the exchange's ledger key, sbp_payments.idempotency_key).
 */
const DEFAULT_PENDING_SECONDS = 60;

export interface IdempotencyRecordId {
  scope: string;
  endpointId: string;
  key: string;
}

export type IdempotencyClaim = { kind: 'claimed' } | { kind: 'replay'; statusCode: number; data: unknown };

export const readIdempotencyKey = (request: FastifyRequest): string => {
  const value = requestHeader(request, API_HEADERS.idempotencyKey);
  if (value === undefined || !z.safeParse(IdempotencyKey, value).success) {
    throw catalogError(
      'IDEMPOTENCY_KEY_REQUIRED',
      'This call needs an Idempotency-Key header: 8–128 characters A-Z a-z 0-9 _ -, unique per operation (e.g. a UUID).',
    );
  }
  return value;
};

/** Stable JSON: object keys sorted, so equal requests hash equally whatever the key order. */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

export const hashRequest = (input: unknown): string => createHash('sha256').update(canonicalJson(input)).digest('base64url');

interface StoredRow extends Record<string, unknown> {
  request_hash: string;
  state: 'pending' | 'done';
  status_code: number | null;
  response: unknown;
  updated_at: Date;
}

export const claimIdempotencyKey = async (
  db: Db,
  clock: Clock,
  id: IdempotencyRecordId,
  requestHash: string,
  pendingSeconds = DEFAULT_PENDING_SECONDS,
  attempt = 1,
): Promise<IdempotencyClaim> => {
  const now = clock.now();
  // The common case (a new key) is one autocommitted statement: no BEGIN/COMMIT round trips.
  if (await insertClaim(db, id, requestHash, now)) return { kind: 'claimed' };
  // A replay, a reuse or a stale claim: decided under the row lock.
  const decided = await db.tx((tx) => decideExistingClaim(tx, id, requestHash, now, pendingSeconds));
  if (decided !== 'vanished') return decided;
  if (attempt >= 3) throw new Error('idempotency record kept vanishing between insert and select');
  return claimIdempotencyKey(db, clock, id, requestHash, pendingSeconds, attempt + 1);
};

/** Inserts a 'pending' claim; false when the key already has a row (committed, or waited for until its writer ended). */
const insertClaim = async (q: Queryable, id: IdempotencyRecordId, requestHash: string, now: Date): Promise<boolean> => {
  const inserted = await q.query(
    `INSERT INTO idempotency_keys (scope, endpoint_id, key, request_hash, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'pending', $5, $5)
     ON CONFLICT DO NOTHING RETURNING key`,
    [id.scope, id.endpointId, id.key, requestHash, now],
  );
  return inserted.length > 0;
};

/** The key has a row: a replay of a done request, a reuse with another request, a claim in progress or a stale one. */
const decideExistingClaim = async (
  q: Queryable,
  id: IdempotencyRecordId,
  requestHash: string,
  now: Date,
  pendingSeconds: number,
): Promise<IdempotencyClaim | 'vanished'> => {
  const [row] = await q.query<StoredRow>(
    `SELECT request_hash, state, status_code, response, updated_at FROM idempotency_keys
     WHERE scope = $1 AND endpoint_id = $2 AND key = $3 FOR UPDATE`,
    [id.scope, id.endpointId, id.key],
  );
  // Released by its failed first request between our insert and this read: claim it afresh.
  if (!row) return 'vanished';
  if (row.request_hash !== requestHash) {
    throw catalogError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request. Use a new key for a new operation.');
  }
  if (row.state === 'done') return { kind: 'replay', statusCode: row.status_code ?? 200, data: row.response };
  if (addSeconds(row.updated_at, pendingSeconds) > now) {
    throw catalogError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed. Retry in a moment.', {
      headers: { 'retry-after': '1' },
    });
  }
  await q.query('UPDATE idempotency_keys SET updated_at = $4 WHERE scope = $1 AND endpoint_id = $2 AND key = $3', [id.scope, id.endpointId, id.key, now]);
  return { kind: 'claimed' };
};

/**
 * The Idempotency-Key of one request, claimed and completed INSIDE the handler's own database transaction
 * (`route(..., { idempotency: 'in-transaction' })`): for handlers whose whole effect is that one transaction (an
 * exchange). The claim, the money and the stored answer then commit together or not at all:
 * - a failed transaction leaves no claim behind (nothing to release);
 * - a concurrent request with the same key waits on the uncommitted claim, then replays the stored answer;
 * - one commit instead of three (claim, money, answer).
 * The handler calls `claim(q)` first in its transaction (a replay returns the stored answer: return it as is) and
 * `complete(q, data)` last; route() checks both happened and answers what was stored.
 */
export class InTransactionIdempotency<T> {
  /** What the request ended as, for route(): the stored answer, and whether it was a replay. */
  outcome: { kind: 'completed' | 'replay'; statusCode: number; data: T } | null = null;
  private claimed = false;

  constructor(
    private readonly deps: { clock: Clock; pendingSeconds: number; validate: (data: T) => T; statusCode: () => number },
    private readonly id: IdempotencyRecordId,
    private readonly requestHash: string,
  ) {}

  /** Claims the key in `q`; the stored answer when this is a replay (return it), else null (go on). */
  async claim(q: Queryable): Promise<T | null> {
    this.outcome = null; // a transaction run again (deadlock retry) starts afresh
    this.claimed = false;
    const now = this.deps.clock.now();
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (await insertClaim(q, this.id, this.requestHash, now)) {
        this.claimed = true;
        return null;
      }
      const decided = await decideExistingClaim(q, this.id, this.requestHash, now, this.deps.pendingSeconds);
      if (decided === 'vanished') continue;
      if (decided.kind === 'claimed') {
        this.claimed = true;
        return null;
      }
      this.outcome = { kind: 'replay', statusCode: decided.statusCode, data: decided.data as T };
      return this.outcome.data;
    }
    throw new Error('idempotency record kept vanishing between insert and select');
  }

  /**
   * The claim and its stored answer as ONE insert, for a handler that sends it with its money in one autocommitted
   * statement (the ledger's postClaimedTransaction): the row is written 'done' at once, and the statement answers
   * `RETURNING true AS claimed` only when the key was new. Nothing of it is visible before that statement commits, so
   * a concurrent request with the same key waits for it and then replays, as with claim(). Call `committed()` once the
   * statement has committed; when the key was taken or the statement wrote nothing, take the ordinary path (claim()
   * in a transaction), which decides the replay, the reuse or the refusal. `onlyFrom`: a FROM item of the statement it is
   * sent in (e.g. a WITH clause's name): the claim is inserted only when that has a row.
   */
  answeredClaim(data: T, onlyFrom?: string): { data: T; statement: StatementFrom; committed: () => T } {
    const { checked, statusCode, response, now } = this.answerToStore(data);
    const params: SqlParam[] = [this.id.scope, this.id.endpointId, this.id.key, this.requestHash, statusCode, response, now];
    return {
      data: checked,
      statement: (n) => ({
        sql: `INSERT INTO idempotency_keys (scope, endpoint_id, key, request_hash, state, status_code, response, created_at, updated_at)
              ${onlyFrom ? 'SELECT' : 'VALUES ('} $${n}::text, $${n + 1}::text, $${n + 2}::text, $${n + 3}::text, 'done', $${n + 4}::integer,
                $${n + 5}::jsonb, $${n + 6}::timestamptz, $${n + 6}::timestamptz ${onlyFrom ? `FROM ${onlyFrom}` : ')'}
              ON CONFLICT DO NOTHING RETURNING true AS claimed`,
        params,
      }),
      committed: () => {
        this.outcome = { kind: 'completed', statusCode, data: checked };
        return checked;
      },
    };
  }

  /** The answer as it is stored: checked against the contract, with its status code, as JSON, at the request's time. */
  private answerToStore(data: T) {
    const checked = this.deps.validate(data);
    return { checked, statusCode: this.deps.statusCode(), response: JSON.stringify(checked ?? null), now: this.deps.clock.now() };
  }

  /** Stores the answer (checked against the contract first) in `q`, the transaction the claim was made in. */
  async complete(q: Queryable, data: T): Promise<T> {
    const { data: checked, statement } = this.completion(data);
    const { sql, params } = statement(1);
    await q.query(sql, params);
    return checked;
  }

  /**
   * The same as complete(), as a statement for the caller to send with its own (StatementFrom: e.g. the ledger posting's
   * `alongside`), in the transaction the claim was made in; it must be sent, or that transaction rolled back.
   */
  completion(data: T): { data: T; statement: StatementFrom } {
    if (!this.claimed) throw new Error('InTransactionIdempotency.complete() without a claim in this transaction');
    const { checked, statusCode, response, now } = this.answerToStore(data);
    const params: SqlParam[] = [this.id.scope, this.id.endpointId, this.id.key, statusCode, response, now];
    this.outcome = { kind: 'completed', statusCode, data: checked };
    return {
      data: checked,
      statement: (n) => ({
        sql: `UPDATE idempotency_keys SET state = 'done', status_code = $${n + 3}, response = $${n + 4}::jsonb, updated_at = $${n + 5}
              WHERE scope = $${n} AND endpoint_id = $${n + 1} AND key = $${n + 2}`,
        params,
      }),
    };
  }
}

export const completeIdempotencyKey = async (db: Db, clock: Clock, id: IdempotencyRecordId, statusCode: number, data: unknown): Promise<void> => {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', status_code = $4, response = $5::jsonb, updated_at = $6
     WHERE scope = $1 AND endpoint_id = $2 AND key = $3`,
    [id.scope, id.endpointId, id.key, statusCode, JSON.stringify(data ?? null), clock.now()],
  );
};

export const releaseIdempotencyKey = async (db: Db, id: IdempotencyRecordId): Promise<void> => {
  await db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND endpoint_id = $2 AND key = $3 AND state = 'pending'`, [
    id.scope,
    id.endpointId,
    id.key,
  ]);
};

/**
 * Deletes Idempotency-Key records created before `before` (the retention window, config IDEMPOTENCY_RETENTION_HOURS),
 * in batches so no statement holds many row locks. A retry with a purged key runs its handler again, which is still
 * safe for money: each money handler finds its own earlier result by the key inside its transaction. Returns the count.
 */
export const purgeIdempotencyKeys = async (db: Db, before: Date, batchSize = 5_000): Promise<number> => {
  let purged = 0;
  for (;;) {
    const rows = await db.query(
      `DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE created_at < $1 LIMIT $2) RETURNING 1 AS gone`,
      [before, batchSize],
    );
    purged += rows.length;
    if (rows.length < batchSize) return purged;
  }
};
