import type { TronDepositSource, TronTransfer } from '../../adapters/tron';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { Monitor } from '../../monitor';
import { ensureWalletAccounts, getSystemAccount, accountIds, postTransaction, runLedgerTx } from '../ledger';
import type { UsdtHoldReason } from '@/shared/contract/errors';
import { formatUsdtAmount, microToCents, tagOfAmount } from './usdt-amount';
import { notifyUser } from '../notifications';

export type UnmatchedReason = UsdtHoldReason;
/** How a parked deposit was attributed to a user: 'tag' (valid tag, too small) or 'sender' (see attributeBySender). */
type Attribution = 'tag' | 'sender';

export type DepositOutcome =
  | { status: 'credited'; userId: string; transactionId: string; creditedCents: number }
  | { status: 'unmatched'; reason: UnmatchedReason }
  | { status: 'unprocessed' };

export interface UnmatchedDeposit {
  id: number;
  txHash: string;
  from: string | null;
  amount: string;
  amountMicro: number;
  reason: UnmatchedReason;
  candidateUserId: string | null;
  attribution: Attribution | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface UsdtWatcherOptions {
  db: Db;
  clock: Clock;
  source: TronDepositSource;
  depositAddress: string;
  /** USD cents: smaller deposits are parked, not credited. */
  minDepositCents: number;
  /** USD cents: a single larger deposit is held for review (parked `over_review_threshold`), not credited. */
  reviewThresholdCents?: number;
  confirmations: number;
  log?: (msg: string, data?: object) => void;
  batchSize?: number;
  /** Told of every pass that read the source through (watcher `usdt-deposits`: metric and /api/ready). */
  monitor?: Monitor;
}

/** This watcher's name in the metric and /api/ready. */
const USDT_WATCHER = 'usdt-deposits';

/**
 * Watches the shared deposit address and credits tagged USDT deposits (docs/api.md "USDT deposit tag").
 *
 * Each pass reads the transfers after the stored cursor (outside any database transaction: a real source is a
 * network call), then processes them one by one, each in its own database transaction that holds the cursor row
 * (`FOR UPDATE SKIP LOCKED`) and moves the cursor past it (if the cursor moved meanwhile, another process did the
 * work and this pass stops). It stops at the first transfer short of `confirmations`; items the source marks
 * `ignored` (another token, a failed transaction) only move the cursor.
 * Per transfer:
 *   - already seen tx hash                → unmatched 'duplicate_tx_hash' (never credited twice)
 *   - decimals are no valid tag (…00)     → unmatched 'no_tag'
 *   - tag belongs to no user / to several → unmatched 'unknown_tag' / 'ambiguous_tag'
 *   - amount below the minimum deposit    → unmatched 'below_minimum' (the tag owner noted for support)
 *   - amount above the review threshold   → unmatched 'over_review_threshold' (held for its tag owner: outside
 *                                           input is bounded, docs/edge.md "What is bounded")
 *   - otherwise                           → usdtDeposit credit of the amount rounded down to cents,
 *                                           ledger key `usdt:<txHash>` (exactly once per tx hash)
 * Unmatched transfers are credited to no one; support resolves them by tx hash. A parked transfer is attributed to a
 * user when that is certain enough to TELL them (never to credit them): the tag owner of a too-small deposit, or the one
 * user every earlier credited deposit from the same sender address went to. That user's history shows it as held for
 * review (history.ts listTransactions); support sees every parked transfer (GET /api/support/parked-deposits).
 */
export class UsdtDepositWatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private systemReady?: Promise<void>;

  constructor(private readonly options: UsdtWatcherOptions) {}

  /** Processes everything available now; returns the number of transfers processed by this call. */
  poll(): Promise<number> {
    this.running ??= this.pollAll()
      .then((processed) => {
        this.options.monitor?.watcherPolled(USDT_WATCHER); // the source answered, whatever there was to do
        return processed;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async pollAll(): Promise<number> {
    const { db, depositAddress } = this.options;
    await this.ensureReady();
    let total = 0;
    for (let round = 0; round < 100 && !this.stopped; round++) {
      const [row] = await db.query<{ cursor: string | null }>('SELECT cursor FROM tron_watcher_cursors WHERE address = $1', [depositAddress]);
      let cursor = row?.cursor ?? null;
      const transfers = await this.options.source.transfersTo(depositAddress, cursor, this.options.batchSize ?? 100);
      if (!transfers.length) break;
      let processed = 0;
      for (const transfer of transfers) {
        if (this.stopped || (!transfer.ignored && transfer.confirmations < this.options.confirmations)) break;
        const next = await runLedgerTx(db, (q) => this.processOne(q, cursor, transfer));
        if (next === null) return total + processed; // another process holds or moved the cursor
        cursor = next;
        processed++;
      }
      total += processed;
      if (processed < transfers.length) break; // stopped at an unconfirmed transfer
    }
    // The watcher's pulse for monitoring (metric deposit_watcher_age_seconds, migration 0201).
    await db.query('UPDATE tron_watcher_cursors SET polled_at = $2 WHERE address = $1', [depositAddress, this.options.clock.now()]);
    return total;
  }

  private ensureReady(): Promise<void> {
    this.systemReady ??= this.options.db
      .tx(async (q) => {
        await getSystemAccount(q, 'usdt_clearing', 'USD');
        await q.query(
          `INSERT INTO tron_watcher_cursors (address, cursor, updated_at) VALUES ($1, NULL, $2) ON CONFLICT DO NOTHING`,
          [this.options.depositAddress, this.options.clock.now()],
        );
      })
      .catch((error: unknown) => {
        this.systemReady = undefined;
        throw error;
      });
    return this.systemReady;
  }

  /**
   * One transfer in ONE database transaction holding the cursor row (`FOR UPDATE SKIP LOCKED`): credit or park it and
   * move the cursor past it, together. A process killed between two transfers has committed exactly the ones before;
   * its successor reads from that cursor. Returns the new cursor, or null when the row is locked or has moved.
   */
  private async processOne(q: Queryable, cursor: string | null, transfer: TronTransfer): Promise<string | null> {
    const { depositAddress, clock } = this.options;
    const [locked] = await q.query<{ cursor: string | null }>(
      'SELECT cursor FROM tron_watcher_cursors WHERE address = $1 FOR UPDATE SKIP LOCKED',
      [depositAddress],
    );
    if (!locked || locked.cursor !== cursor) return null;
    if (transfer.ignored) {
      this.options.log?.('TRON transfer ignored', { txHash: transfer.txHash, reason: transfer.ignored });
    } else if (transfer.to === depositAddress) {
      await this.processTransfer(q, transfer);
    }
    const next = transfer.cursor ?? transfer.eventId;
    await q.query('UPDATE tron_watcher_cursors SET cursor = $2, updated_at = $3 WHERE address = $1', [depositAddress, next, clock.now()]);
    return next;
  }

  private async park(q: Queryable, transfer: TronTransfer, reason: UnmatchedReason, byTag: string | null = null): Promise<void> {
    // A re-reported tx hash is not new money: nobody is told about it (support still sees it).
    const bySender = byTag || reason === 'duplicate_tx_hash' ? null : await this.attributeBySender(q, transfer.from);
    const candidateUserId = byTag ?? bySender;
    const attribution: Attribution | null = byTag ? 'tag' : bySender ? 'sender' : null;
    await q.query(
      `INSERT INTO unmatched_deposits (tx_hash, source_event_id, from_address, amount_micro, reason, candidate_user_id, attribution, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [transfer.txHash, transfer.eventId, transfer.from, transfer.amountMicro, reason, candidateUserId, attribution, this.options.clock.now()],
    );
    this.options.log?.('USDT deposit not credited', { txHash: transfer.txHash, amount: formatUsdtAmount(transfer.amountMicro), reason });
  }

  /**
   * The user a sender address belongs to, judged by the deposits credited from it: exactly one user → that user; none
   * or several (an exchange's shared hot wallet) → nobody.
   */
  private async attributeBySender(q: Queryable, from: string | null): Promise<string | null> {
    if (!from) return null;
    const users = await q.query<{ user_id: string }>('SELECT DISTINCT user_id FROM usdt_deposits WHERE from_address = $1 LIMIT 2', [from]);
    return users.length === 1 ? users[0]!.user_id : null;
  }

  private async processTransfer(q: Queryable, transfer: TronTransfer): Promise<void> {
    const seen = await q.query(
      `SELECT 1 FROM usdt_deposits WHERE tx_hash = $1 UNION ALL SELECT 1 FROM unmatched_deposits WHERE tx_hash = $1 LIMIT 1`,
      [transfer.txHash],
    );
    if (seen.length) return this.park(q, transfer, 'duplicate_tx_hash');
    const tag = tagOfAmount(transfer.amountMicro);
    if (!tag) return this.park(q, transfer, 'no_tag');
    // A deleted account's tag is never reused, and its wallet is closed: money sent to it is held for support, as unknown.
    // FOR SHARE: a deletion running now (it locks the user row) either finds this credit or is seen here as deleted.
    const owners = await q.query<{ user_id: string }>(
      'SELECT t.user_id FROM usdt_deposit_tags t JOIN users u ON u.id = t.user_id WHERE t.tag = $1 AND u.deleted_at IS NULL FOR SHARE OF u',
      [tag],
    );
    if (!owners.length) return this.park(q, transfer, 'unknown_tag');
    if (owners.length > 1) return this.park(q, transfer, 'ambiguous_tag');
    const userId = owners[0]!.user_id;
    const cents = microToCents(transfer.amountMicro);
    if (cents < this.options.minDepositCents) return this.park(q, transfer, 'below_minimum', userId);
    if (this.options.reviewThresholdCents !== undefined && cents > this.options.reviewThresholdCents) {
      return this.park(q, transfer, 'over_review_threshold', userId);
    }

    const now = this.options.clock.now();
    const wallets = await ensureWalletAccounts(q, userId, now);
    const posted = await postTransaction(q, {
      type: 'usdtDeposit',
      userId,
      idempotencyKey: `usdt:${transfer.txHash}`,
      details: {
        network: 'TRON',
        txHash: transfer.txHash,
        usdtAmount: formatUsdtAmount(transfer.amountMicro),
        confirmations: transfer.confirmations,
      },
      entries: [
        { accountId: accountIds.system('usdt_clearing', 'USD'), amount: -cents },
        { accountId: wallets.USD, amount: cents },
      ],
      reference: transfer.txHash,
      now,
    });
    if (posted.replayed) return this.park(q, transfer, 'duplicate_tx_hash');
    await q.query(
      `INSERT INTO usdt_deposits (tx_hash, source_event_id, user_id, tag, from_address, amount_micro, credited_cents, transaction_id,
         confirmations, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [transfer.txHash, transfer.eventId, userId, tag, transfer.from, transfer.amountMicro, cents, posted.transactionId, transfer.confirmations, now],
    );
    await notifyUser(q, userId, { kind: 'topUpCredited', ref: `usdt:${transfer.txHash}`, amount: { amount: cents, currency: 'USD' }, method: 'usdt' }, now);
  }

  /** What became of one transfer (by the source's event id). */
  async outcomeOf(eventId: string): Promise<DepositOutcome> {
    const { db } = this.options;
    const [credited] = await db.query<{ user_id: string; transaction_id: string; credited_cents: number }>(
      'SELECT user_id, transaction_id, credited_cents FROM usdt_deposits WHERE source_event_id = $1',
      [eventId],
    );
    if (credited) {
      return { status: 'credited', userId: credited.user_id, transactionId: credited.transaction_id, creditedCents: credited.credited_cents };
    }
    const [parked] = await db.query<{ reason: UnmatchedReason }>('SELECT reason FROM unmatched_deposits WHERE source_event_id = $1', [eventId]);
    return parked ? { status: 'unmatched', reason: parked.reason } : { status: 'unprocessed' };
  }

  /** Every parked transfer, newest first; `beforeId` continues after the last id of the previous page. */
  async listUnmatched(limit = 100, beforeId: number | null = null): Promise<UnmatchedDeposit[]> {
    const rows = await this.options.db.query<{
      id: number;
      tx_hash: string;
      from_address: string | null;
      amount_micro: number;
      reason: UnmatchedReason;
      candidate_user_id: string | null;
      attribution: Attribution | null;
      created_at: Date;
      resolved_at: Date | null;
    }>('SELECT * FROM unmatched_deposits WHERE $2::bigint IS NULL OR id < $2::bigint ORDER BY id DESC LIMIT $1', [limit, beforeId]);
    return rows.map((row) => ({
      id: Number(row.id),
      txHash: row.tx_hash,
      from: row.from_address,
      amount: formatUsdtAmount(Number(row.amount_micro)),
      amountMicro: Number(row.amount_micro),
      reason: row.reason,
      candidateUserId: row.candidate_user_id,
      attribution: row.attribution,
      createdAt: row.created_at,
      resolvedAt: row.resolved_at,
    }));
  }

  /** Polls every `pollMs` in the background (0 = never; passes are then only triggered). */
  start(pollMs: number): void {
    this.options.monitor?.watcherStarted(USDT_WATCHER);
    if (pollMs <= 0 || this.timer) return;
    const tick = () => {
      this.timer = setTimeout(() => {
        this.poll()
          .catch((error: unknown) => this.options.log?.('USDT watcher pass failed', { error: String(error) }))
          .finally(() => {
            if (!this.stopped) tick();
          });
      }, pollMs);
      this.timer.unref?.();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }
}
