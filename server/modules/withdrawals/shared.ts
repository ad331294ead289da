/** What the withdrawal use cases and jobs share: dependencies, the row, its contract view, masking. */
import type { Currency, Withdrawal } from '@/shared/contract';
import { formatMoney, minorToDecimal } from '@/shared/money';
import type { MailAdapter } from '../../adapters/mail';
import type { SbpPayouts } from '../../adapters/sbp';
import type { TronSender } from '../../adapters/tron';
import type { Clock } from '../../clock';
import type { WithdrawalsSettings } from '../../config';
import type { Db } from '../../db/db';
import type { AnyEndpoint, RequestContext } from '../../http/route';
import type { EmailCodeService } from '../auth';

export interface WithdrawalsDeps {
  db: Db;
  clock: Clock;
  settings: WithdrawalsSettings;
  tron: TronSender | undefined;
  payouts: SbpPayouts | undefined;
  codes: EmailCodeService;
  mail: MailAdapter;
}

export type WithdrawalsRequest<E extends AnyEndpoint> = RequestContext<E, WithdrawalsDeps>;

export const WITHDRAWAL_JOB = 'withdrawals.process';

export type WithdrawalRowStatus = 'awaiting_approval' | 'pending' | 'sending' | 'completed' | 'failed' | 'rejected';

export type Destination =
  | { kind: 'tron'; address: string; label: string | null; addressId: string }
  | { kind: 'sbp'; bankId: string; bankName: string; phone: string };

export interface WithdrawalRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  method: 'usdt' | 'sbp';
  status: WithdrawalRowStatus;
  amount: number;
  fee: number;
  currency: Currency;
  destination: Destination;
  transaction_id: string;
  request_key: string;
  tx_id: string | null;
  signed_payload: string | null;
  tx_expires_at: Date | null;
  failure_code: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

/** "+7 ••• •••-45-67": the last four digits of a phone. */
const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  const tail = digits.slice(-4);
  return `+${digits.slice(0, Math.max(1, digits.length - 10))} ••• •••-${tail.slice(0, 2)}-${tail.slice(2)}`;
};

/** 1 US cent = 10 000 micro-USDT (1 USDT = 1 USD). */
const MICRO_PER_CENT = 10_000;
export const usdtAmountOf = (cents: number): string => minorToDecimal(cents * MICRO_PER_CENT, 6);

export const explorerUrl = (settings: WithdrawalsSettings, txId: string | null): string | null =>
  txId ? settings.explorerTxUrl.replace('{txId}', encodeURIComponent(txId)) : null;

const STATUS: Record<WithdrawalRowStatus, Withdrawal['status']> = {
  awaiting_approval: 'awaitingApproval',
  pending: 'processing',
  sending: 'processing',
  completed: 'completed',
  failed: 'failed',
  rejected: 'rejected',
};

/** The wallet row's `details.state` (and the contract's status) of a row status. */
export const stateOf = (status: WithdrawalRowStatus): Withdrawal['status'] => STATUS[status];

export const toWithdrawal = (row: WithdrawalRow, settings: WithdrawalsSettings): Withdrawal => {
  const money = (amount: number) => ({ amount: Number(amount), currency: row.currency });
  const d = row.destination;
  return {
    id: row.id,
    method: row.method,
    status: stateOf(row.status),
    amount: money(row.amount),
    fee: money(row.fee),
    total: money(Number(row.amount) + Number(row.fee)),
    destination:
      d.kind === 'tron'
        ? { kind: 'tron', address: d.address, label: d.label, usdtAmount: usdtAmountOf(Number(row.amount)) }
        : { kind: 'sbp', bankId: d.bankId, bankName: d.bankName, phoneMasked: maskPhone(d.phone) },
    txHash: row.method === 'usdt' && row.status !== 'pending' && row.status !== 'awaiting_approval' ? row.tx_id : null,
    explorerUrl: row.method === 'usdt' && (row.status === 'sending' || row.status === 'completed') ? explorerUrl(settings, row.tx_id) : null,
    failureCode: row.failure_code,
    transactionId: row.transaction_id,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
};

/** Money in a refusal's English message, as the app writes it (the money kernel's one formatter). */
export const formatMinor = (amount: number, currency: Currency): string => formatMoney({ amount, currency }, 'en');
