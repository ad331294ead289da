/**
 * Held money (docs/ops.md "Held money"): the USDT transfers the deposit watcher parked (every reason it parks with —
 * one a newer version adds is passed through as its code), with their chain data; compliance credits one to a user,
 * once (the row locked, resolved in the same transaction, ledger key `usdt-held:<id>`), or marks it to be returned.
 * SBP payments stuck in a non-final state are listed beside them. Every listing is a view of users' data (audited).
 */
import type { HeldDeposit, opsHeldAttribute, opsHeldDeposits, opsHeldReturn, opsHeldSbp, StuckSbpPayment } from '@/shared/contract/ops';
import { USDT_HOLD_REASONS } from '@/shared/contract/wallet';
import type { Queryable } from '../../db/db';
import { httpErrors } from '../../http/errors';
import { accountIds, ensureWalletAccounts, getSystemAccount, postTransaction } from '../ledger';
import { notifyUser } from '../notifications';
import { formatUsdtAmount, MICRO_PER_CENT } from '../wallet';
import { actorOf, writeAudit } from './audit';
import { decodeCursor, encodeCursor } from './cursor';
import { opsError } from './errors';
import type { OpsRequest } from './shared';

interface HeldRow extends Record<string, unknown> {
  id: number;
  tx_hash: string;
  source_event_id: string;
  from_address: string | null;
  amount_micro: number;
  reason: string;
  candidate_user_id: string | null;
  candidate_name: string | null;
  candidate_email: string | null;
  attribution: 'tag' | 'sender' | null;
  created_at: Date;
  resolved_at: Date | null;
  resolution: 'credited' | 'to_return' | null;
  resolved_user_id: string | null;
  resolved_transaction_id: string | null;
  resolved_by: string | null;
  resolved_by_name: string | null;
  resolution_note: string | null;
  return_address: string | null;
}

const HELD_SELECT = `SELECT d.id, d.tx_hash, d.source_event_id, d.from_address, d.amount_micro, d.reason, d.candidate_user_id,
    cu.first_name || ' ' || cu.last_name AS candidate_name, cu.email AS candidate_email, d.attribution, d.created_at, d.resolved_at,
    d.resolution, d.resolved_user_id, d.resolved_transaction_id, d.resolved_by, o.name AS resolved_by_name, d.resolution_note,
    d.return_address
  FROM unmatched_deposits d LEFT JOIN users cu ON cu.id = d.candidate_user_id LEFT JOIN operators o ON o.id = d.resolved_by`;

const centsOf = (micro: number): number => Math.floor(micro / MICRO_PER_CENT);

const toHeld = (row: HeldRow, depositAddress: string): HeldDeposit => ({
  id: String(row.id),
  network: 'TRON',
  txHash: row.tx_hash,
  from: row.from_address,
  to: depositAddress,
  amount: formatUsdtAmount(Number(row.amount_micro)),
  credits: { amount: centsOf(Number(row.amount_micro)), currency: 'USD' },
  reason: row.reason,
  knownReason: (USDT_HOLD_REASONS as readonly string[]).includes(row.reason),
  candidate:
    row.candidate_user_id && row.attribution
      ? { id: row.candidate_user_id, name: row.candidate_name ?? '', email: row.candidate_email ?? '', attribution: row.attribution }
      : null,
  receivedAt: row.created_at.toISOString(),
  resolution:
    row.resolution && row.resolved_at
      ? {
          kind: row.resolution === 'credited' ? 'credited' : 'toReturn',
          userId: row.resolved_user_id,
          transactionId: row.resolved_transaction_id,
          returnAddress: row.return_address,
          operator: row.resolved_by ? { id: row.resolved_by, name: row.resolved_by_name ?? '' } : null,
          note: row.resolution_note ?? '',
          at: row.resolved_at.toISOString(),
        }
      : null,
});

export const listHeldDeposits = async (ctx: OpsRequest<typeof opsHeldDeposits>) => {
  const { db, query, depositAddress } = ctx;
  const limit = query.limit ?? 50;
  const state = query.state ?? 'open';
  const before = query.cursor ? decodeCursor(query.cursor, (key) => (/^\d{1,18}$/.test(key) ? key : null)) : null;
  const rows = await db.query<HeldRow>(
    `${HELD_SELECT}
     WHERE ($1::bigint IS NULL OR d.id < $1::bigint)
       AND ($2 = 'all' OR ($2 = 'open' AND d.resolved_at IS NULL) OR ($2 = 'resolved' AND d.resolved_at IS NOT NULL))
     ORDER BY d.id DESC LIMIT $3`,
    [before, state, limit + 1],
  );
  const page = rows.slice(0, limit);
  await writeAudit(db, actorOf(ctx), { action: 'held.viewed', after: { state, deposits: page.map((row) => String(row.id)) } });
  return { items: page.map((row) => toHeld(row, depositAddress)), nextCursor: rows.length > limit ? encodeCursor(String(page[page.length - 1]!.id)) : null };
};

/** The parked transfer, locked; 404 for an id that is not one; 409 once resolved. */
const lockOpen = async (q: Queryable, depositId: string): Promise<HeldRow> => {
  const [row] = /^\d{1,18}$/.test(depositId) ? await q.query<HeldRow>(`${HELD_SELECT} WHERE d.id = $1 FOR UPDATE OF d`, [depositId]) : [];
  if (!row) throw opsError('HELD_DEPOSIT_NOT_FOUND', 'No such held deposit.');
  if (row.resolved_at) throw opsError('HELD_DEPOSIT_RESOLVED', 'This deposit was resolved already.');
  return row;
};

const readOne = async (q: Queryable, id: number): Promise<HeldRow> => (await q.query<HeldRow>(`${HELD_SELECT} WHERE d.id = $1`, [id]))[0]!;

export const attributeHeldDeposit = async (ctx: OpsRequest<typeof opsHeldAttribute>) => {
  const { db, params, body, depositAddress } = ctx;
  return db.tx(async (q) => {
    const actor = actorOf(ctx);
    const deposit = await lockOpen(q, params.depositId);
    // A re-reported transaction hash is not new money: the transfer was counted (credited or parked) already.
    if (deposit.reason === 'duplicate_tx_hash') throw opsError('HELD_DEPOSIT_DUPLICATE', 'A re-reported transaction: it cannot be credited again.');
    const [user] = await q.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM users WHERE id = $1 FOR SHARE', [body.userId]);
    if (!user) throw opsError('USER_NOT_FOUND', 'No such user.');
    if (user.deleted_at) throw opsError('USER_DELETED', 'The account was deleted.');
    const cents = centsOf(Number(deposit.amount_micro));
    if (cents < 1) throw httpErrors.validation({ depositId: 'Less than a cent: nothing to credit.' });
    await getSystemAccount(q, 'usdt_clearing', 'USD', actor.at);
    const wallets = await ensureWalletAccounts(q, body.userId, actor.at);
    const posted = await postTransaction(q, {
      type: 'usdtDeposit',
      userId: body.userId,
      idempotencyKey: `usdt-held:${deposit.id}`,
      details: { network: 'TRON', txHash: deposit.tx_hash, usdtAmount: formatUsdtAmount(Number(deposit.amount_micro)), confirmations: 0 },
      entries: [
        { accountId: accountIds.system('usdt_clearing', 'USD'), amount: -cents },
        { accountId: wallets.USD, amount: cents },
      ],
      reference: deposit.tx_hash,
      now: actor.at,
    });
    await q.query(
      `UPDATE unmatched_deposits SET resolved_at = $2, resolution = 'credited', resolved_user_id = $3, resolved_transaction_id = $4,
         resolved_by = $5, resolution_note = $6 WHERE id = $1`,
      [deposit.id, actor.at, body.userId, posted.transactionId, actor.operatorId, body.note],
    );
    await notifyUser(q, body.userId, { kind: 'topUpCredited', ref: `usdt-held:${deposit.id}`, amount: { amount: cents, currency: 'USD' }, method: 'usdt' }, actor.at);
    const after = toHeld(await readOne(q, deposit.id), depositAddress);
    await writeAudit(q, actor, {
      action: 'held.credited',
      targetType: 'heldDeposit',
      targetId: String(deposit.id),
      userId: body.userId,
      reason: body.note,
      before: { reason: deposit.reason, candidate: deposit.candidate_user_id, resolution: null },
      after: { resolution: after.resolution, credited: after.credits },
    });
    return after;
  });
};

export const markHeldDepositForReturn = async (ctx: OpsRequest<typeof opsHeldReturn>) => {
  const { db, params, body, depositAddress } = ctx;
  return db.tx(async (q) => {
    const actor = actorOf(ctx);
    const deposit = await lockOpen(q, params.depositId);
    await q.query(
      `UPDATE unmatched_deposits SET resolved_at = $2, resolution = 'to_return', resolved_by = $3, resolution_note = $4, return_address = $5
       WHERE id = $1`,
      [deposit.id, actor.at, actor.operatorId, body.note, body.returnAddress ?? deposit.from_address],
    );
    const after = toHeld(await readOne(q, deposit.id), depositAddress);
    await writeAudit(q, actor, {
      action: 'held.markedForReturn',
      targetType: 'heldDeposit',
      targetId: String(deposit.id),
      userId: deposit.candidate_user_id,
      reason: body.note,
      before: { reason: deposit.reason, resolution: null },
      after: { resolution: after.resolution },
    });
    return after;
  });
};

interface StuckRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  invoice_id: string | null;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  amount: number;
  status: string;
  callbacks: number;
  created_at: Date;
  expires_at: Date;
}

/** Pending SBP payments past their expiry and the acquirer's late-callback grace, or never given an invoice. */
export const listStuckSbp = async (ctx: OpsRequest<typeof opsHeldSbp>) => {
  const { db, clock, query, sbpStuckAfterSeconds } = ctx;
  const limit = query.limit ?? 50;
  const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|(.{1,64})$/;
  const after = query.cursor ? decodeCursor(query.cursor, (key) => CURSOR.exec(key)) : null;
  const now = clock.now();
  const rows = await db.query<StuckRow>(
    `SELECT p.id, p.order_id, p.invoice_id, p.user_id, u.first_name, u.last_name, u.email, p.amount, p.status,
       (SELECT count(*)::int FROM sbp_callbacks c WHERE c.payment_id = p.id) AS callbacks, p.created_at, p.expires_at
     FROM sbp_payments p JOIN users u ON u.id = p.user_id
     WHERE p.status = 'pending'
       AND (p.expires_at + make_interval(secs => $1) < $2 OR (p.invoice_id IS NULL AND p.created_at + interval '5 minutes' < $2))
       AND ($3::timestamptz IS NULL OR (p.created_at, p.id) > ($3::timestamptz, $4::text))
     ORDER BY p.created_at, p.id LIMIT $5`,
    [sbpStuckAfterSeconds, now, after?.[1] ?? null, after?.[2] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  await writeAudit(db, actorOf(ctx), { action: 'held.sbpViewed', after: { payments: page.map((row) => row.id) } });
  return {
    items: page.map(
      (row): StuckSbpPayment => ({
        id: row.id,
        orderId: row.order_id,
        invoiceId: row.invoice_id,
        user: { id: row.user_id, name: `${row.first_name} ${row.last_name}`, email: row.email },
        amount: { amount: Number(row.amount), currency: 'RUB' },
        status: row.status,
        stuck: row.invoice_id === null ? 'noInvoice' : 'noCallback',
        callbacks: row.callbacks,
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
      }),
    ),
    nextCursor: rows.length > limit ? encodeCursor(`${page[page.length - 1]!.created_at.toISOString()}|${page[page.length - 1]!.id}`) : null,
  };
};
