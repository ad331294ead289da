import { randomBytes } from 'node:crypto';
import type { Card, CardForm, CardScheme, CardStatus } from '@/shared/contract/cards';
import type { Currency } from '@/shared/contract/core';
import { CURRENCY_DIGITS, minorToDecimal } from '@/shared/money';
import type { Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { transition, type CardEvent, type TransitionResult, allowedActions } from './status-machine';

export interface CardRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  product_id: string;
  status: CardStatus;
  status_reason: string | null;
  scheme: CardScheme;
  form: CardForm;
  currency: Currency;
  cardholder_name: string;
  last4: string | null;
  issuer_card_id: string | null;
  create_key: string;
  initial_deposit: number;
  creation_fee: number;
  issuing_fee: number;
  deposit_fee: number;
  issue_transaction_id: string | null;
  issue_fee_transaction_id: string | null;
  activation_failures: number;
  activation_locked_until: Date | null;
  /** The blocked card this one replaces (migration 0080). */
  replaces_card_id?: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TopupRow extends Record<string, unknown> {
  id: string;
  card_id: string;
  user_id: string;
  request_key: string;
  amount: number;
  fee: number;
  currency: Currency;
  status: 'pending' | 'completed' | 'failed';
  failure_code: string | null;
  transfer_transaction_id: string | null;
  fee_transaction_id: string | null;
  /** The card_issuer_funding / fee_revenue shards the charge posted to (migration 0130; null before it). */
  funding_account_id: string | null;
  revenue_account_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const newId = (prefix: 'crd' | 'ctu' | 'trd' | 'ctx' | 'cwd'): string => `${prefix}_${randomBytes(12).toString('base64url')}`;

export const cardNotFound = () => catalogError('CARD_NOT_FOUND', 'No card with this id.');

/** The user's card, or 404 CARD_NOT_FOUND (also for another user's card: ids cannot be probed). */
export const ownedCard = async (q: Queryable, userId: string, cardId: string, lock = false): Promise<CardRow> => {
  const [row] = await q.query<CardRow>(`SELECT * FROM cards WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`, [cardId, userId]);
  if (!row) throw cardNotFound();
  return row;
};

export const findCard = async (q: Queryable, cardId: string, lock = false): Promise<CardRow | null> => {
  const [row] = await q.query<CardRow>(`SELECT * FROM cards WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [cardId]);
  return row ?? null;
};

export const findTopup = async (q: Queryable, topupId: string, lock = false): Promise<TopupRow | null> => {
  const [row] = await q.query<TopupRow>(`SELECT * FROM card_topups WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [topupId]);
  return row ?? null;
};

/**
 * Applies a state-machine event to a (locked) card: updates the row, records the history, and mutates
 * `card` to match. Returns the machine's verdict; nothing is written when it refuses.
 */
export const changeStatus = async (
  q: Queryable,
  card: CardRow,
  event: CardEvent,
  now: Date,
  extra: { reason?: string | null; historyReason?: string | null; last4?: string | null; issuerCardId?: string | null } = {},
): Promise<TransitionResult> => {
  const result = transition(card, event);
  if (!result.ok) return result;
  const reason = extra.reason ?? null;
  await q.query(
    `UPDATE cards SET status = $2, status_reason = $3, last4 = COALESCE($4, last4),
       issuer_card_id = COALESCE($5, issuer_card_id), updated_at = $6
     WHERE id = $1`,
    [card.id, result.to, reason, extra.last4 ?? null, extra.issuerCardId ?? null, now],
  );
  await q.query(
    `INSERT INTO card_status_history (card_id, from_status, to_status, event, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [card.id, result.from, result.to, event, extra.historyReason ?? reason, now],
  );
  card.status = result.to;
  card.status_reason = reason;
  if (extra.last4) card.last4 = extra.last4;
  if (extra.issuerCardId) card.issuer_card_id = extra.issuerCardId;
  card.updated_at = now;
  return result;
};

/** What `toCard` reads of a card row: a list selects only these (`CARD_VIEW_COLUMNS`), not the whole row. */
export type CardViewRow = Pick<
  CardRow,
  'id' | 'status' | 'status_reason' | 'scheme' | 'form' | 'currency' | 'last4' | 'cardholder_name' | 'product_id' | 'replaces_card_id' | 'created_at' | 'updated_at'
>;

/**
 * The columns of `CardViewRow`, for a select from `cards` aliased `c` (GET /api/cards, a hot read: the whole row is
 * twice as many columns to send and parse, ~8 % of the read's rate in `scripts/bench/profile.ts cardsRead`).
 */
export const CARD_VIEW_COLUMNS =
  'c.id, c.status, c.status_reason, c.scheme, c.form, c.currency, c.last4, c.cardholder_name, c.product_id, c.replaces_card_id, c.created_at, c.updated_at';

/** The contract's Card (masked: last four digits only). */
export const toCard = (row: CardViewRow, view: { productName: string; balance: number; replacedByCardId?: string | null }): Card => ({
  id: row.id,
  status: row.status,
  statusReason: row.status_reason,
  scheme: row.scheme,
  form: row.form,
  currency: row.currency,
  maskedNumber: row.last4 ? `•••• ${row.last4}` : null,
  last4: row.last4,
  cardholderName: row.cardholder_name,
  balance: { amount: view.balance, currency: row.currency },
  productId: row.product_id,
  productName: view.productName,
  allowedActions: allowedActions(row).filter((action) => action !== 'replace' || !view.replacedByCardId),
  replacesCardId: row.replaces_card_id ?? null,
  replacedByCardId: view.replacedByCardId ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const CYRILLIC: Record<string, string> = {
  а: 'A', б: 'B', в: 'V', г: 'G', д: 'D', е: 'E', ё: 'E', ж: 'ZH', з: 'Z', и: 'I', й: 'I', к: 'K', л: 'L', м: 'M',
  н: 'N', о: 'O', п: 'P', р: 'R', с: 'S', т: 'T', у: 'U', ф: 'F', х: 'KH', ц: 'TS', ч: 'CH', ш: 'SH', щ: 'SHCH',
  ъ: 'IE', ы: 'Y', ь: '', э: 'E', ю: 'IU', я: 'IA',
};

/** Name as printed on a card: Latin capitals (Cyrillic transliterated, ICAO 9303), at most 26 characters. */
export const embossedName = (firstName: string, lastName: string): string => {
  const latin = `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split('')
    .map((ch) => CYRILLIC[ch.toLowerCase()] ?? ch)
    .join('')
    .toUpperCase()
    .replace(/[^A-Z .'-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return (latin || 'CARDHOLDER').slice(0, 26).trim();
};

/** "12.34 USD" for messages (developer text; the client formats money itself). */
