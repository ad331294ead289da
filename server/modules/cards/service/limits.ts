/**
 * Spending limits of a card (client feature card-limits): per purchase and per calendar month in UTC, in minor
 * units of the card currency. The issuer holds and enforces them (CardIssuer.setSpendingLimits); our copy is what
 * the app shows. docs/cards.md "Card controls".
 */
import type { CardLimits, cardsLimits, cardsSetLimits } from '@/shared/contract/card-controls';
import type { CardStatus } from '@/shared/contract/cards';
import type { Queryable } from '../../../db/db';
import { ownedCard, type CardRow } from '../store';
import { conflict, issuerCall, type CardsRequest } from './shared';

/** Statuses in which the issuer knows the card and it can still be used: limits may change. */
const LIMITS_EDITABLE: readonly CardStatus[] = ['fabricating', 'inactive', 'activating', 'active', 'frozen', 'freezing', 'unfreezing'];

/** The calendar month in UTC that holds `at`: [start, end). */
const utcMonth = (at: Date): { start: Date; end: Date } => ({
  start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
  end: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
});

const limitsView = async (q: Queryable, card: CardRow, now: Date): Promise<CardLimits> => {
  const month = utcMonth(now);
  const [{ spent } = { spent: 0 }] = await q.query<{ spent: number | string }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS spent FROM card_trades
     WHERE card_id = $1 AND kind = 'purchase' AND status = 'completed' AND created_at >= $2 AND created_at < $3`,
    [card.id, month.start, month.end],
  );
  const money = (amount: number | null) => (amount === null ? null : { amount: Number(amount), currency: card.currency });
  const updatedAt = card.limits_updated_at as Date | null | undefined;
  return {
    cardId: card.id,
    perPurchase: money((card.limit_per_purchase as number | null | undefined) ?? null),
    monthly: money((card.limit_monthly as number | null | undefined) ?? null),
    spentThisMonth: { amount: Number(spent), currency: card.currency },
    monthStartsAt: month.start.toISOString(),
    monthEndsAt: month.end.toISOString(),
    editable: LIMITS_EDITABLE.includes(card.status),
    updatedAt: updatedAt ? updatedAt.toISOString() : null,
  };
};

/** GET /api/cards/{id}/limits. */
export const getCardLimits = async ({ db, clock, user, params }: CardsRequest<typeof cardsLimits>): Promise<CardLimits> =>
  limitsView(db, await ownedCard(db, user.userId, params.id), clock.now());

/**
 * PATCH /api/cards/{id}/limits: the issuer first (it enforces them; unreachable → 503 and nothing changes), then our
 * copy. Setting the same values again is harmless.
 */
export const setCardLimits = async ({ db, clock, issuer, user, params, body }: CardsRequest<typeof cardsSetLimits>): Promise<CardLimits> => {
  const card = await ownedCard(db, user.userId, params.id);
  if (!LIMITS_EDITABLE.includes(card.status)) throw conflict(`The limits of a card in status "${card.status}" cannot be changed.`);
  await issuerCall(() => issuer.setSpendingLimits(card.id, { perPurchase: body.perPurchase, monthly: body.monthly }));
  const [updated] = await db.query<CardRow>(
    'UPDATE cards SET limit_per_purchase = $2, limit_monthly = $3, limits_updated_at = $4 WHERE id = $1 RETURNING *',
    [card.id, body.perPurchase, body.monthly, clock.now()],
  );
  return limitsView(db, updated ?? card, clock.now());
};
