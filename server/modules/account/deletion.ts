import type { accountDelete, accountDeletionCheck, DeletionBlocker } from '@/shared/contract/account';
import type { CardForm, CardStatus } from '@/shared/contract/cards';
import type { Currency } from '@/shared/contract/core';
import { formatMoney } from '@/shared/money';
import type { Queryable } from '../../db/db';
import { authError } from '../../http/errors';
import { endAllSessions } from '../auth';
import { allowedActions } from '../cards';
import { MICRO_PER_CENT } from '../wallet';
import type { AccountRequest } from './shared';

/**
 * Card statuses in which a card no longer counts as open: the spec's terminal ones and the lifecycle's closed or
 * blocked-for-good states (issue #14 "Card lifecycle"). Any other status, or a card account holding money, blocks.
 */
const FINISHED_CARD_STATUSES = ['rejected', 'failed', 'closed', 'blocked', 'lost', 'stolen'] as const;

const FINISHED_SQL = FINISHED_CARD_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * An SBP payment still pending blocks deletion until this long after its expiry: the acquirer may still report a payment
 * made at the last moment (a late success is credited, docs/api.md "SBP"), and it must not land in a closed wallet.
 */
export const SBP_LATE_CALLBACK_GRACE_SECONDS = 60 * 60;

/** How long the identification data of a deleted account is kept (AML record keeping: 5 years). */
const RETENTION_YEARS = 5;


const describe = (b: DeletionBlocker): string => {
  switch (b.kind) {
    case 'walletBalance':
      return `your ${b.currency} wallet holds ${formatMoney(b, 'en')}`;
    case 'pendingTransaction':
      return `${formatMoney(b, 'en')} is still on its way`;
    case 'card':
      return `card${b.last4 ? ` •${b.last4}` : ''} is ${b.status}`;
  }
};

/** What stands in the way of deleting the account: money in a wallet, money on its way, an open card. */
const deletionBlockers = async (q: Queryable, userId: string, now: Date): Promise<DeletionBlocker[]> => {
  const wallets = await q.query<{ currency: Currency; balance: number }>(
    `SELECT currency, balance FROM ledger_accounts WHERE user_id = $1 AND kind = 'wallet' AND balance <> 0 ORDER BY currency`,
    [userId],
  );
  // Money on its way, per currency: pending ledger transactions, SBP payments that may still be paid, and USDT deposits
  // attributed to the user and held for review (support may still credit them).
  const pending = await q.query<{ currency: Currency; amount: number }>(
    `SELECT currency, sum(amount)::bigint AS amount FROM (
       SELECT currency, coalesce(amount, 0) AS amount FROM ledger_transactions
       WHERE user_id = $1 AND status = 'pending' AND currency IS NOT NULL
       UNION ALL
       SELECT 'RUB', amount FROM sbp_payments
       WHERE user_id = $1 AND status = 'pending' AND expires_at > $2::timestamptz - make_interval(secs => $3)
       UNION ALL
       SELECT 'USD', amount_micro / ${MICRO_PER_CENT} FROM unmatched_deposits WHERE candidate_user_id = $1 AND resolved_at IS NULL
     ) AS on_its_way GROUP BY currency ORDER BY currency`,
    [userId, now, SBP_LATE_CALLBACK_GRACE_SECONDS],
  );
  const cards = await q.query<{ id: string; last4: string | null; status: CardStatus; form: CardForm }>(
    `SELECT c.id, c.last4, c.status, c.form FROM cards c
     LEFT JOIN ledger_accounts a ON a.kind = 'card' AND a.card_id = c.id
     WHERE c.user_id = $1 AND (c.status NOT IN (${FINISHED_SQL}) OR coalesce(a.balance, 0) <> 0)
     ORDER BY c.created_at, c.id`,
    [userId],
  );
  return [
    ...wallets.map((w): DeletionBlocker => ({ kind: 'walletBalance', amount: w.balance, currency: w.currency })),
    ...pending.map((p): DeletionBlocker => ({ kind: 'pendingTransaction', amount: p.amount, currency: p.currency })),
    ...cards.map(
      (c): DeletionBlocker => ({ kind: 'card', cardId: c.id, last4: c.last4, status: c.status, next: allowedActions(c).includes('close') ? 'close' : 'wait' }),
    ),
  ];
};

/** GET /api/account/deletion-check: may the account be deleted now, and if not, what blocks it. */
export const checkDeletion = async ({ db, clock, user }: AccountRequest<typeof accountDeletionCheck>): Promise<{ allowed: boolean; blockers: DeletionBlocker[] }> => {
  const blockers = await deletionBlockers(db, user.userId, clock.now());
  return { allowed: blockers.length === 0, blockers };
};

/**
 * Account deletion (docs/auth.md "Account"): only when empty; every session ends; the user row is anonymised.
 * In one transaction, with the user row and the wallet accounts locked (a concurrent money call of this user
 * waits, then finds the sessions ended): checks it is empty, keeps the identification copy, anonymises the row,
 * forgets its email codes and ends every session.
 */
export const deleteAccount = async ({ db, clock, user: caller }: AccountRequest<typeof accountDelete>): Promise<{ deleted: true }> => {
  const { userId } = caller;
  const now = clock.now();
  await db.tx(async (tx) => {
    const [user] = await tx.query<Record<string, unknown> & { email: string }>(
      `SELECT first_name, last_name, email, phone_number, country, verification_status, telegram_id, created_at
       FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [userId],
    );
    if (!user) return;
    await tx.query(`SELECT id FROM ledger_accounts WHERE user_id = $1 ORDER BY id FOR UPDATE`, [userId]);
    const blockers = await deletionBlockers(tx, userId, now);
    if (blockers.length) {
      throw authError('ACCOUNT_NOT_EMPTY', `The account cannot be deleted yet: ${blockers.map(describe).join('; ')}.`);
    }
    const retainUntil = new Date(now);
    retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + RETENTION_YEARS);
    await tx.query(
      `INSERT INTO account_deletions (user_id, deleted_at, retain_until, identity) VALUES ($1, $2, $3, $4::jsonb)`,
      [userId, now, retainUntil, JSON.stringify(user)],
    );
    await tx.query(
      `UPDATE users SET email = 'deleted-' || id || '@deleted.invalid', first_name = 'Deleted', last_name = 'Account',
         phone_number = '', promo_code = 'DELETED-' || id, telegram_id = NULL, telegram_username = NULL,
         telegram_first_name = NULL, telegram_photo_url = NULL, verification_due_at = NULL,
         deleted_at = $2, updated_at = $2
       WHERE id = $1`,
      [userId, now],
    );
    await tx.query(`DELETE FROM email_codes WHERE email = $1 OR user_id = $2`, [user.email, userId]);
    await endAllSessions(tx, clock, userId);
  });
  return { deleted: true };
};
