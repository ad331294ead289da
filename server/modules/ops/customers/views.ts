/**
 * The reads of a user's picture (docs/ops.md "A user's picture"). Each is a view of the user's data: written to the
 * audit log with who looked, at what, and when (`user.viewed`, `part` names the panel).
 */
import type { Currency } from '@/shared/contract/core';
import type {
  LedgerEntryView,
  OpsCard,
  OpsSession,
  opsUsersCards,
  opsUsersGet,
  opsUsersLedger,
  opsUsersNotes,
  opsUsersSessions,
  UserNote,
} from '@/shared/contract/ops';
import type { Queryable } from '../../../db/db';
import { allSessions } from '../../auth';
import { allowedActions, cardView, type CardRow } from '../../cards';
import { actorOf, writeAudit, type Actor } from '../audit';
import { decodeCursor, encodeCursor } from '../cursor';
import { opsError } from '../errors';
import type { OpsRequest } from '../shared';
import { userPicture } from './picture';

type Part = 'profile' | 'ledger' | 'cards' | 'sessions' | 'notes';

/** The user must exist (else 404); the view is audited in the same breath. */
const viewed = async (q: Queryable, actor: Actor, userId: string, part: Part): Promise<void> => {
  const [user] = await q.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  if (!user) throw opsError('USER_NOT_FOUND', 'No such user.');
  await writeAudit(q, actor, { action: 'user.viewed', targetType: 'user', targetId: userId, userId, after: { part } });
};

export const getUser = async (ctx: OpsRequest<typeof opsUsersGet>) => {
  const picture = await userPicture(ctx.db, ctx.params.userId);
  await viewed(ctx.db, actorOf(ctx), ctx.params.userId, 'profile');
  return picture;
};

interface EntryRow extends Record<string, unknown> {
  id: number;
  transaction_id: string;
  type: string;
  status: LedgerEntryView['status'];
  account_id: string;
  amount: number;
  currency: Currency;
  reference: string | null;
  created_at: Date;
}

export const userLedger = async (ctx: OpsRequest<typeof opsUsersLedger>) => {
  const { db, params, query } = ctx;
  await viewed(db, actorOf(ctx), params.userId, 'ledger');
  const limit = query.limit ?? 50;
  const before = query.cursor ? decodeCursor(query.cursor, (key) => (/^\d{1,18}$/.test(key) ? key : null)) : null;
  const rows = await db.query<EntryRow>(
    `SELECT e.id, e.transaction_id, t.type, t.status, e.account_id, e.amount, e.currency, t.reference, t.created_at
     FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE a.user_id = $1 AND ($2::bigint IS NULL OR e.id < $2::bigint)
     ORDER BY e.id DESC LIMIT $3`,
    [params.userId, before, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map(
      (row): LedgerEntryView => ({
        transactionId: row.transaction_id,
        type: row.type,
        status: row.status,
        accountId: row.account_id,
        amount: { amount: Number(row.amount), currency: row.currency },
        reference: row.reference,
        createdAt: row.created_at.toISOString(),
      }),
    ),
    nextCursor: rows.length > limit ? encodeCursor(String(page[page.length - 1]!.id)) : null,
  };
};

/** One card as the console shows it: the app's view of it (product, balance) and its status events. */
export const opsCardOf = async (q: Queryable, card: CardRow): Promise<OpsCard> => {
  const view = await cardView(q, card, 'en');
  const events = await q.query<{ from_status: string | null; to_status: string; event: string; reason: string | null; created_at: Date }>(
    'SELECT from_status, to_status, event, reason, created_at FROM card_status_history WHERE card_id = $1 ORDER BY id DESC LIMIT 50',
    [card.id],
  );
  return {
    id: card.id,
    status: view.status,
    statusReason: view.statusReason,
    scheme: view.scheme,
    form: view.form,
    currency: view.currency,
    last4: view.last4,
    productName: view.productName,
    balance: view.balance,
    blockable: allowedActions(card).includes('block'),
    createdAt: view.createdAt,
    events: events.map((e) => ({ from: e.from_status, to: e.to_status, event: e.event, reason: e.reason, at: e.created_at.toISOString() })),
  };
};

export const userCards = async (ctx: OpsRequest<typeof opsUsersCards>) => {
  const { db, params } = ctx;
  await viewed(db, actorOf(ctx), params.userId, 'cards');
  const cards = await db.query<CardRow>('SELECT * FROM cards WHERE user_id = $1 ORDER BY created_at DESC, id DESC', [params.userId]);
  const items: OpsCard[] = [];
  for (const card of cards) items.push(await opsCardOf(db, card));
  return { items };
};

export const userSessions = async (ctx: OpsRequest<typeof opsUsersSessions>) => {
  const { db, params } = ctx;
  await viewed(db, actorOf(ctx), params.userId, 'sessions');
  const sessions = await allSessions(db, params.userId);
  return {
    items: sessions.map(
      (s): OpsSession => ({
        id: s.id,
        device: s.device,
        platform: s.platform,
        clientVersion: s.clientVersion,
        country: s.country,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        endedAt: s.endedAt?.toISOString() ?? null,
        endReason: s.endReason,
      }),
    ),
  };
};

interface NoteRow extends Record<string, unknown> {
  id: string;
  text: string;
  operator_id: string;
  operator_name: string;
  created_at: Date;
}
export const NOTE_COLUMNS = 'n.id, n.text, n.operator_id, o.name AS operator_name, n.created_at';
export const toNote = (row: NoteRow): UserNote => ({
  id: row.id,
  text: row.text,
  operator: { id: row.operator_id, name: row.operator_name },
  createdAt: row.created_at.toISOString(),
});

export const userNotes = async (ctx: OpsRequest<typeof opsUsersNotes>) => {
  const { db, params } = ctx;
  await viewed(db, actorOf(ctx), params.userId, 'notes');
  const rows = await db.query<NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM user_notes n JOIN operators o ON o.id = n.operator_id WHERE n.user_id = $1 ORDER BY n.created_at DESC, n.id DESC`,
    [params.userId],
  );
  return { items: rows.map(toNote) };
};
