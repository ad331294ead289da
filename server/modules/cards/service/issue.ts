/** Issue a card (client feature card-issue). */
import type { Card, cardsCreate } from '@/shared/contract/cards';
import { catalogError } from '../../../http/errors';
import { enqueueJob } from '../../../jobs';
import { runLedgerTx } from '../../ledger';
import { depositFee, formatMoney } from '@/shared/money';
import { depositFeeRule, findProduct, productName, productNotFound } from '../../products';
import { CARD_JOBS, CARD_LIMITS } from '../limits';
import { chargeIssue } from '../money';
import { ARCHIVED_STATUSES_SQL } from '../status-machine';
import { embossedName, newId, type CardRow } from '../store';
import { deliveryAddressFor } from './delivery';
import { cardView, depositRange, type CardsRequest } from './shared';
import { saveDelivery } from '../shipment';

/**
 * POST /api/cards: in ONE database transaction — the card (pending), its ledger account, the wallet
 * charges (cardIssue + serviceCommission) and the issue job. `requestKey` (the Idempotency-Key) is
 * stored on the card: a request re-run after a crash returns the same card instead of a second one.
 */
export const issueCard = async ({ db, clock, issuer, limits, user, body, idempotencyKey: requestKey, lang }: CardsRequest<typeof cardsCreate>): Promise<Card> => {
  const { userId } = user;
  if (!issuer.available) {
    throw catalogError('UPSTREAM_UNAVAILABLE', 'Card issuing is not available right now. Please try again later.');
  }
  const row = await runLedgerTx(db, async (q) => {
    const now = clock.now();
    const [user] = await q.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const [existing] = await q.query<CardRow>('SELECT * FROM cards WHERE user_id = $1 AND create_key = $2', [userId, requestKey]);
    if (existing) return existing;

    const product = await findProduct(q, body.productId);
    if (!product) throw productNotFound();
    if (!product.available) {
      throw catalogError('PRODUCT_UNAVAILABLE', 'This card product cannot be issued right now. Please choose another product.');
    }
    const deliveryAddress = deliveryAddressFor(product.form, body.deliveryAddress);
    const range = depositRange(product, 'initial');
    if (body.initialDeposit < range.min || body.initialDeposit > range.max) {
      const text = `The initial deposit must be between ${formatMoney({ amount: range.min, currency: product.currency }, 'en')} and ${formatMoney({ amount: range.max, currency: product.currency }, 'en')}.`;
      throw catalogError('DEPOSIT_OUT_OF_RANGE', text, { fields: { initialDeposit: text } });
    }
    const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM cards WHERE user_id = $1 AND status NOT IN ${ARCHIVED_STATUSES_SQL}`,
      [userId],
    );
    if (count >= limits.maxCards) {
      throw catalogError('CARD_LIMIT_REACHED', `You already have ${limits.maxCards} cards, the most one account may hold.`);
    }

    const [card] = await q.query<CardRow>(
      `INSERT INTO cards (id, user_id, product_id, status, scheme, form, currency, cardholder_name, create_key,
         initial_deposit, creation_fee, issuing_fee, deposit_fee, created_at, updated_at)
       VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING *`,
      [
        newId('crd'),
        userId,
        product.id,
        product.scheme,
        product.form,
        product.currency,
        embossedName(user?.first_name ?? '', user?.last_name ?? ''),
        requestKey,
        body.initialDeposit,
        product.creationFee,
        product.issuingFee,
        depositFee(depositFeeRule(product), body.initialDeposit),
        now,
      ],
    );
    if (!card) throw new Error('INSERT INTO cards returned no row');
    await q.query(
      `INSERT INTO card_status_history (card_id, from_status, to_status, event, reason, created_at) VALUES ($1, NULL, 'pending', 'requested', NULL, $2)`,
      [card.id, now],
    );
    if (deliveryAddress) await saveDelivery(q, card.id, deliveryAddress, now);
    const charged = await chargeIssue(q, card, { productName: productName(product, lang) }, now);
    await q.query('UPDATE cards SET issue_transaction_id = $2, issue_fee_transaction_id = $3 WHERE id = $1', [
      card.id,
      charged.issueTransactionId,
      charged.feeTransactionId,
    ]);
    card.issue_transaction_id = charged.issueTransactionId;
    card.issue_fee_transaction_id = charged.feeTransactionId;
    await enqueueJob(q, { kind: CARD_JOBS.issue, payload: { cardId: card.id }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
    return card;
  });
  return cardView(db, row, lang);
};
