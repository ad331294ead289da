/**
 * Asking for a withdrawal (issue #36): the checks (method available, fee as shown, minimum, holds, 24-hour limit), the
 * email code, then in ONE ledger transaction the money held (the reserve posting) with the withdrawal row and its
 * job, unless it waits for an operator's approval. Exactly once per Idempotency-Key (claimed around the handler: the
 * email code is used up by the first request, a replay answers what it answered). docs/transfers.md "Withdrawals".
 */
import { randomBytes } from 'node:crypto';
import type { Currency, Withdrawal, withdrawalsGet, withdrawalsOptions, withdrawalsSbp, withdrawalsSendCode, withdrawalsUsdt, WithdrawalOptions } from '@/shared/contract';
import { addSeconds } from '../../clock';
import type { Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { enqueueJob } from '../../jobs';
import { withdrawalCodeMail } from '../auth';
import { runLedgerTx } from '../ledger';
import { ownedAddress } from './addresses';
import { deviceHoldUntil, onHold } from './holds';
import { reserveWithdrawal } from './money';
import { formatMinor, toWithdrawal, usdtAmountOf, WITHDRAWAL_JOB, type Destination, type WithdrawalRow, type WithdrawalsDeps, type WithdrawalsRequest } from './shared';

const DAY_SECONDS = 86_400;
const WITHDRAWAL_JOB_ATTEMPTS = 10_000;

/** What `userId` withdrew in `currency` over the 24 hours before `now` (failed and rejected ones do not count). */
const withdrawnLast24h = async (q: Queryable, userId: string, currency: Currency, now: Date): Promise<number> => {
  const [row] = await q.query<{ total: number | null }>(
    `SELECT sum(amount)::bigint AS total FROM withdrawals WHERE user_id = $1 AND currency = $2 AND created_at > $3 AND status NOT IN ('failed', 'rejected')`,
    [userId, currency, addSeconds(now, -DAY_SECONDS)],
  );
  return row?.total ?? 0;
};

const userRow = async (q: Queryable, userId: string) =>
  (await q.query<{ email: string; phone_number: string; phone_changed_at: Date | null }>('SELECT email, phone_number, phone_changed_at FROM users WHERE id = $1', [userId]))[0]!;

export const getWithdrawalOptions = async ({ db, clock, user, settings, tron, payouts }: WithdrawalsRequest<typeof withdrawalsOptions>): Promise<WithdrawalOptions> => {
  const now = clock.now();
  const me = await userRow(db, user.userId);
  const method = (currency: Currency, s: WithdrawalsDeps['settings']['usdt'], available: boolean, withdrawn: number) => {
    const money = (amount: number) => ({ amount, currency });
    return {
      available,
      fee: money(s.fee),
      min: money(s.min),
      daily: money(s.daily),
      withdrawnLast24h: money(withdrawn),
      remaining: money(Math.max(0, s.daily - withdrawn)),
      approvalAbove: money(s.approvalAbove),
    };
  };
  let banks: Array<{ id: string; name: string }> = [];
  try {
    banks = payouts ? await payouts.banks() : [];
  } catch {
    banks = [];
  }
  const hold = await deviceHoldUntil(db, user.userId, user.sessionId, settings.holdSeconds, now);
  return {
    usdt: { ...method('USD', settings.usdt, tron !== undefined, await withdrawnLast24h(db, user.userId, 'USD', now)), network: 'TRON' },
    sbp: {
      ...method('RUB', settings.sbp, payouts !== undefined && banks.length > 0, await withdrawnLast24h(db, user.userId, 'RUB', now)),
      phoneMasked: me.phone_number ? `•••${me.phone_number.replace(/\D/g, '').slice(-4)}` : '',
      banks,
    },
    deviceHoldUntil: hold?.toISOString() ?? null,
    holdHours: Math.round(settings.holdSeconds / 3600),
  };
};

export const sendWithdrawalCode = async ({ db, user, codes, mail, ip }: WithdrawalsRequest<typeof withdrawalsSendCode>) => {
  const me = await userRow(db, user.userId);
  const issued = await codes.issue({ email: me.email, purpose: 'withdrawal', clientIp: ip, withCode: true, userId: user.userId });
  await mail.send(withdrawalCodeMail(me.email, issued.code!));
  return { resendInSeconds: issued.resendInSeconds, expiresInSeconds: issued.expiresInSeconds };
};

export const getWithdrawal = async ({ db, user, params, settings }: WithdrawalsRequest<typeof withdrawalsGet>): Promise<Withdrawal> => {
  const [row] = await db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = $1 AND user_id = $2', [params.withdrawalId, user.userId]);
  if (!row) throw catalogError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal.');
  return toWithdrawal(row, settings);
};

interface Ask {
  method: 'usdt' | 'sbp';
  currency: Currency;
  amount: number;
  fee: { amount: number; currency: string };
  code: string;
  /** The destination, with its own holds checked (in the money transaction, so they are decided at the moment of it). */
  destination: (q: Queryable, now: Date) => Promise<Destination>;
}

const withdraw = async (ctx: WithdrawalsRequest<typeof withdrawalsUsdt> | WithdrawalsRequest<typeof withdrawalsSbp>, ask: Ask): Promise<Withdrawal> => {
  const { db, clock, user, settings, codes, idempotencyKey } = ctx;
  const rules = settings[ask.method];
  const adapter = ask.method === 'usdt' ? ctx.tron : ctx.payouts;
  if (!adapter) throw catalogError('WITHDRAWALS_UNAVAILABLE', `${ask.method === 'usdt' ? 'USDT' : 'SBP'} withdrawals are not available right now.`);
  // A replay whose first request committed (the Idempotency-Key record was lost or purged): its answer, no new code needed.
  const [earlier] = await db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE user_id = $1 AND request_key = $2', [user.userId, idempotencyKey]);
  if (earlier) return toWithdrawal(earlier, settings);
  if (ask.fee.currency !== ask.currency || ask.fee.amount !== rules.fee) {
    throw catalogError('WITHDRAWAL_FEE_CHANGED', `The fee is now ${formatMinor(rules.fee, ask.currency)}. Check it and confirm again.`, {
      fields: { fee: formatMinor(rules.fee, ask.currency) },
    });
  }
  if (ask.amount < rules.min) {
    const message = `The smallest withdrawal is ${formatMinor(rules.min, ask.currency)}.`;
    throw catalogError('AMOUNT_BELOW_MINIMUM', message, { fields: { amount: message } });
  }
  const now = clock.now();
  const hold = await deviceHoldUntil(db, user.userId, user.sessionId, settings.holdSeconds, now);
  if (hold) throw onHold(hold, 'device');
  await ask.destination(db, now); // refuses an unknown destination or one on hold before the code is spent
  const me = await userRow(db, user.userId);
  const codeId = await codes.check(me.email, 'withdrawal', ask.code, user.userId); // wrong tries count (committed)
  const row = await runLedgerTx(db, async (q) => {
    // The user row, locked: one withdrawal at a time per user, so the 24-hour sum is exact under any concurrency.
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.userId]);
    const [again] = await q.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE user_id = $1 AND request_key = $2', [user.userId, idempotencyKey]);
    if (again) return again;
    const destination = await ask.destination(q, now);
    const withdrawn = await withdrawnLast24h(q, user.userId, ask.currency, now);
    if (withdrawn + ask.amount > rules.daily) {
      const message = `You can withdraw ${formatMinor(Math.max(0, rules.daily - withdrawn), ask.currency)} more in the next 24 hours (limit ${formatMinor(rules.daily, ask.currency)}).`;
      throw catalogError('WITHDRAWAL_LIMIT_EXCEEDED', message, { fields: { amount: message } });
    }
    await codes.consume(q, codeId);
    const id = `wdr_${randomBytes(12).toString('base64url')}`;
    const awaiting = ask.amount > rules.approvalAbove;
    const status = awaiting ? 'awaiting_approval' : 'pending';
    const details =
      destination.kind === 'tron'
        ? {
            withdrawalId: id,
            network: 'TRON',
            address: destination.address,
            addressLabel: destination.label,
            usdtAmount: usdtAmountOf(ask.amount),
            fee: { amount: rules.fee, currency: ask.currency },
            txHash: null,
            explorerUrl: null,
            state: awaiting ? 'awaitingApproval' : 'processing',
          }
        : {
            withdrawalId: id,
            bankId: destination.bankId,
            bankName: destination.bankName,
            phoneMasked: `•••${destination.phone.replace(/\D/g, '').slice(-4)}`,
            fee: { amount: rules.fee, currency: ask.currency },
            state: awaiting ? 'awaitingApproval' : 'processing',
          };
    const transactionId = await reserveWithdrawal(q, { id, userId: user.userId, method: ask.method, amount: ask.amount, fee: rules.fee, currency: ask.currency, details, now });
    const [inserted] = await q.query<WithdrawalRow>(
      `INSERT INTO withdrawals (id, user_id, method, status, amount, fee, currency, destination, transaction_id, request_key, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $11) RETURNING *`,
      [id, user.userId, ask.method, status, ask.amount, rules.fee, ask.currency, JSON.stringify(destination), transactionId, idempotencyKey, now],
    );
    if (!awaiting) await enqueueJob(q, { kind: WITHDRAWAL_JOB, payload: { withdrawalId: id }, dedupeKey: `${WITHDRAWAL_JOB}:${id}`, maxAttempts: WITHDRAWAL_JOB_ATTEMPTS });
    return inserted!;
  });
  return toWithdrawal(row, settings);
};

export const withdrawUsdt = (ctx: WithdrawalsRequest<typeof withdrawalsUsdt>): Promise<Withdrawal> =>
  withdraw(ctx, {
    method: 'usdt',
    currency: 'USD',
    amount: ctx.body.amount,
    fee: ctx.body.fee,
    code: ctx.body.code,
    destination: async (q, now) => {
      const address = await ownedAddress(q, ctx.user.userId, ctx.body.addressId);
      const usableFrom = addSeconds(address.created_at, ctx.settings.holdSeconds);
      if (usableFrom > now) throw onHold(usableFrom, 'address');
      return { kind: 'tron', address: address.address, label: address.label, addressId: address.id };
    },
  });

export const withdrawSbp = (ctx: WithdrawalsRequest<typeof withdrawalsSbp>): Promise<Withdrawal> =>
  withdraw(ctx, {
    method: 'sbp',
    currency: 'RUB',
    amount: ctx.body.amount,
    fee: ctx.body.fee,
    code: ctx.body.code,
    destination: async (q, now) => {
      const banks = (await ctx.payouts?.banks().catch(() => [])) ?? [];
      const bank = banks.find((candidate) => candidate.id === ctx.body.bankId);
      if (!bank) throw catalogError('BANK_NOT_FOUND', 'Choose a bank from the list.', { fields: { bankId: 'Choose a bank from the list' } });
      const me = await userRow(q, ctx.user.userId);
      if (!/^\+?\d{10,15}$/.test(me.phone_number.replace(/[\s()-]/g, ''))) throw catalogError('WITHDRAWALS_UNAVAILABLE', 'Your profile has no phone number an SBP payout can go to.');
      if (me.phone_changed_at) {
        const usableFrom = addSeconds(me.phone_changed_at, ctx.settings.holdSeconds);
        if (usableFrom > now) throw onHold(usableFrom, 'phone');
      }
      return { kind: 'sbp', bankId: bank.id, bankName: bank.name, phone: me.phone_number.replace(/[^\d+]/g, '') };
    },
  });
