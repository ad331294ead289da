/** What every card use case shares: its dependencies, the card view, issuer-call and paging helpers. */
import type { Card } from '@/shared/contract/cards';
import { IssuerRequestError, IssuerUnavailableError, type CardIssuer } from '../../../adapters/card-issuer';
import type { Clock } from '../../../clock';
import type { Db, Queryable } from '../../../db/db';
import { depositBounds, type DepositKind } from '@/shared/money';
import { catalogError } from '../../../http/errors';
import { cursorDate, decodeCursor, encodeCursor, findProductIncludingRetired, productName, type ProductRecord } from '../../products';
import { cardBalance } from '../money';
import { toCard, type CardRow } from '../store';
import type { RequestLanguage } from '../../../http/language';
import type { AnyEndpoint, RequestContext } from '../../../http/route';

export interface CardsDeps {
  db: Db;
  clock: Clock;
  issuer: CardIssuer;
  /** What GET /api/config publishes (config.cards). */
  limits: { maxCards: number; sensitiveDataTtlSeconds: number };
}

/** One request to a card use case: the module's dependencies and the request's context (server/http/route.ts). */
export type CardsRequest<E extends AnyEndpoint> = RequestContext<E, CardsDeps>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export const conflict = (message: string) => catalogError('CARD_STATUS_CONFLICT', message);

/** Issuer trouble during a request the user waits for → 503 / 502 in the envelope, never a 500. */
export const issuerCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IssuerUnavailableError) {
      throw catalogError('UPSTREAM_UNAVAILABLE', 'The card issuer is not answering right now. Please try again in a minute.', {
        headers: { 'retry-after': '30' },
      });
    }
    if (error instanceof IssuerRequestError) throw catalogError('ISSUER_ERROR', `The card issuer refused the request (${error.code}). Please contact support.`);
    throw error;
  }
};

/** The bounds of a deposit into a card of `product`, in its minor units: the money kernel's one rule (depositBounds). */
export const depositRange = (product: ProductRecord, kind: DepositKind): { min: number; max: number } => {
  const money = (amount: number) => ({ amount, currency: product.currency });
  const bounds = depositBounds({ minimalDeposit: money(product.minimalDeposit), depositRange: { min: money(product.depositMin), max: money(product.depositMax) } }, kind);
  return { min: bounds.min.amount, max: bounds.max.amount };
};

export const keysetAfter = (cursor: string | undefined) => {
  const after = decodeCursor(cursor, ['string', 'string'] as const);
  return after ? { at: cursorDate(after[0]), id: after[1] } : null;
};

export const pageOf = <R extends { created_at: Date; id: string }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> => {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor([last.created_at.toISOString(), last.id]) : null,
  };
};

/** Card rows → the contract's Card (product name in the caller's language, ledger balance). */
const cardViews = async (q: Queryable, rows: CardRow[], lang: RequestLanguage): Promise<Card[]> => {
  const names = new Map<string, string>();
  for (const productId of new Set(rows.map((row) => row.product_id))) {
    const product = await findProductIncludingRetired(q, productId);
    names.set(productId, product ? productName(product, lang) : productId);
  }
  const replacedBy = new Map<string, string>();
  for (const row of rows.filter((candidate) => candidate.status === 'blocked')) {
    const [link] = await q.query<{ id: string }>('SELECT id FROM cards WHERE replaces_card_id = $1', [row.id]);
    if (link) replacedBy.set(row.id, link.id);
  }
  const cards: Card[] = [];
  for (const row of rows) {
    cards.push(
      toCard(row, {
        productName: names.get(row.product_id) ?? row.product_id,
        balance: await cardBalance(q, row.id),
        replacedByCardId: replacedBy.get(row.id) ?? null,
      }),
    );
  }
  return cards;
};

export const cardView = async (q: Queryable, row: CardRow, lang: RequestLanguage): Promise<Card> => {
  const [card] = await cardViews(q, [row], lang);
  return card!;
};
