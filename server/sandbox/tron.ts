import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import type { TronDepositSource, TronTransfer } from '../adapters/tron';

interface TransferRow extends Record<string, unknown> {
  seq: number;
  tx_hash: string;
  from_address: string;
  to_address: string;
  amount_micro: number;
  confirmations: number;
  created_at: Date;
}

const toTransfer = (row: TransferRow): TronTransfer => ({
  eventId: String(row.seq),
  txHash: row.tx_hash,
  from: row.from_address,
  to: row.to_address,
  amountMicro: row.amount_micro,
  confirmations: row.confirmations,
  at: row.created_at,
});

/** A well-formed TRON address for sandbox senders. */
const SANDBOX_SENDER_ADDRESS = 'TSandboxSenderExchangeHotWa11et111';

const randomTxHash = (): string => randomBytes(32).toString('hex');

/**
 * The sandbox TRON chain: transfers recorded through POST /api/dev/tron/transfers (or
 * scripts/sandbox/usdt-transfer.ts) are "on chain", already confirmed. Kept in the database, so every
 * server process sees the same chain. A tx hash may be recorded twice, like a re-reported transfer.
 */
export class SandboxTronChain implements TronDepositSource {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly confirmations: number,
  ) {}

  async recordTransfer(
    input: { to: string; amountMicro: number; txHash?: string; from?: string },
    q: Queryable = this.db,
  ): Promise<TronTransfer> {
    const [row] = await q.query<TransferRow>(
      `INSERT INTO sandbox_tron_transfers (tx_hash, from_address, to_address, amount_micro, confirmations, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [input.txHash ?? randomTxHash(), input.from ?? SANDBOX_SENDER_ADDRESS, input.to, input.amountMicro, this.confirmations, this.clock.now()],
    );
    return toTransfer(row!);
  }

  /** What the address holds on the sandbox chain: every transfer to it (nothing ever leaves it here). */
  async holdings(address: string): Promise<number> {
    const [row] = await this.db.query<{ micro: number }>('SELECT coalesce(sum(amount_micro), 0)::bigint AS micro FROM sandbox_tron_transfers WHERE to_address = $1', [address]);
    return Number(row?.micro ?? 0);
  }

  async transfersTo(address: string, afterEventId: string | null, limit: number): Promise<TronTransfer[]> {
    const rows = await this.db.query<TransferRow>(
      `SELECT * FROM sandbox_tron_transfers WHERE to_address = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [address, afterEventId === null ? 0 : Number(afterEventId), limit],
    );
    return rows.map(toTransfer);
  }
}
