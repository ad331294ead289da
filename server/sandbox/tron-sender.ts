/**
 * The sandbox TRON sender (TRON_SENDER_ADAPTER=sandbox): a stand-in network that receives signed transfers and
 * settles each later, as the sandbox settings said when it arrived (`sandbox_settings` key 'tronSender': outcome
 * confirm | fail | drop, delayMs). 'drop' = the network never includes it (it expires). Nothing is really signed.
 */
import { randomBytes } from 'node:crypto';
import type { SignedTronTransfer, TronSender, TronTransferState } from '../adapters/tron';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { readSandboxSetting } from './settings';

export interface SandboxTronSenderSettings {
  outcome: 'confirm' | 'fail' | 'drop';
  delayMs: number;
  /** Broadcasts answer an error (the network is unreachable). */
  unreachable: boolean;
}
export const TRON_SENDER_SETTINGS_KEY = 'tronSender';
const SANDBOX_HOT_WALLET = 'TSandboxHotWa11etWithdrawa1s1111111';

export class SandboxTronSender implements TronSender {
  readonly name = 'sandbox';
  readonly address = SANDBOX_HOT_WALLET;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly defaults: SandboxTronSenderSettings,
    private readonly expirationMs: number,
  ) {}

  settings(): Promise<SandboxTronSenderSettings> {
    return readSandboxSetting(this.db, TRON_SENDER_SETTINGS_KEY, this.defaults);
  }

  async sign({ to, amountMicro }: { to: string; amountMicro: number }): Promise<SignedTronTransfer> {
    return {
      txId: randomBytes(32).toString('hex'),
      payload: JSON.stringify({ to, amountMicro }),
      expiresAt: new Date(this.clock.now().getTime() + this.expirationMs),
    };
  }

  async broadcast(signed: SignedTronTransfer): Promise<void> {
    const settings = await this.settings();
    if (settings.unreachable) throw new Error('sandbox TRON network unreachable');
    const { to, amountMicro } = JSON.parse(signed.payload) as { to: string; amountMicro: number };
    const now = this.clock.now();
    await this.db.query(
      `INSERT INTO sandbox_tron_sends (tx_id, to_address, amount_micro, outcome, settle_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tx_id) DO NOTHING`,
      [signed.txId, to, amountMicro, settings.outcome, new Date(now.getTime() + settings.delayMs), now],
    );
  }

  async status(signed: SignedTronTransfer): Promise<TronTransferState> {
    const [row] = await this.db.query<{ outcome: string; settle_at: Date }>('SELECT outcome, settle_at FROM sandbox_tron_sends WHERE tx_id = $1', [signed.txId]);
    if (!row || row.outcome === 'drop' || row.settle_at > this.clock.now()) return { state: 'unknown' };
    return row.outcome === 'confirm' ? { state: 'confirmed', blockNumber: null } : { state: 'failed', failureCode: 'TRON_OUT_OF_ENERGY' };
  }

  /** Dev control: settle a send now (its settle time moves to now). */
  async settleNow(txId: string): Promise<boolean> {
    const rows = await this.db.query('UPDATE sandbox_tron_sends SET settle_at = $2 WHERE tx_id = $1 RETURNING tx_id', [txId, this.clock.now()]);
    return rows.length > 0;
  }
}
