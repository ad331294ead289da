/**
 * The sandbox SBP payout provider (SBP_PAYOUT_ADAPTER=sandbox): payouts settle later, as the sandbox settings said
 * when they arrived (`sandbox_settings` key 'sbpPayouts': outcome succeed | fail, delayMs, unreachable). Its bank
 * list is a few real SBP members (ids as in the NSPK directory).
 */
import type { SbpBankInfo, SbpPayoutRequest, SbpPayouts, SbpPayoutState } from '../adapters/sbp';
import { SbpPayoutError } from '../adapters/sbp';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { readSandboxSetting } from './settings';

export interface SandboxSbpPayoutSettings {
  outcome: 'succeed' | 'fail';
  delayMs: number;
  unreachable: boolean;
}
export const SBP_PAYOUT_SETTINGS_KEY = 'sbpPayouts';

const BANKS: SbpBankInfo[] = [
  { id: '100000000111', name: 'Сбербанк' },
  { id: '100000000004', name: 'Т-Банк' },
  { id: '100000000008', name: 'Альфа-Банк' },
  { id: '100000000005', name: 'ВТБ' },
  { id: '100000000007', name: 'Райффайзенбанк' },
  { id: '100000000015', name: 'Открытие' },
];

export class SandboxSbpPayouts implements SbpPayouts {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly defaults: SandboxSbpPayoutSettings,
  ) {}

  /** What payouts arriving now will do (the sandbox settings over the configured defaults). */
  settings(): Promise<SandboxSbpPayoutSettings> {
    return readSandboxSetting(this.db, SBP_PAYOUT_SETTINGS_KEY, this.defaults);
  }

  async banks(): Promise<SbpBankInfo[]> {
    return BANKS;
  }

  async create(request: SbpPayoutRequest): Promise<void> {
    const settings = await this.settings();
    if (settings.unreachable) throw new SbpPayoutError('sandbox SBP payouts unreachable');
    const now = this.clock.now();
    await this.db.query(
      `INSERT INTO sandbox_sbp_payouts (payout_id, phone, bank_id, amount, outcome, settle_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (payout_id) DO NOTHING`,
      [request.payoutId, request.phone, request.bankId, request.amount, settings.outcome, new Date(now.getTime() + settings.delayMs), now],
    );
  }

  async status(payoutId: string): Promise<SbpPayoutState> {
    const [row] = await this.db.query<{ outcome: string; settle_at: Date }>('SELECT outcome, settle_at FROM sandbox_sbp_payouts WHERE payout_id = $1', [payoutId]);
    if (!row) return { state: 'unknown' };
    if (row.settle_at > this.clock.now()) return { state: 'pending' };
    return row.outcome === 'succeed' ? { state: 'succeeded' } : { state: 'failed', failureCode: 'PAYOUT_DECLINED' };
  }
}
