/** Top up a card from the wallet (client feature card-topup). */
import type { Card, cardsTopUp, TopUpResult } from '@/shared/contract/cards';
import { catalogError } from '../../../http/errors';
import { enqueueJobStatement } from '../../../jobs';
import { runLedgerTx } from '../../ledger';
import { depositFee, formatMoney } from '@/shared/money';
import { depositFeeRule, findProductIncludingRetired, productName } from '../../products';
import { CARD_JOBS, CARD_LIMITS } from '../limits';
import { chargeTopup } from '../money';
import { checkAction } from '../status-machine';
import { newId, ownedCard, toCard, type TopupRow } from '../store';
import { cardView, conflict, depositRange, type CardsRequest } from './shared';

/** The answer to a top-up: the card as it is now and the transfer (its row, or the one about to be written). */
const topUpResult = (topup: Pick<TopupRow, 'id' | 'amount' | 'fee' | 'currency' | 'status' | 'created_at'>, view: Card): TopUpResult => {
  const money = (amount: number) => ({ amount, currency: topup.currency });
  return {
    card: view,
    transfer: {
      id: topup.id,
      amount: money(topup.amount),
      fee: money(topup.fee),
      total: money(topup.amount + topup.fee),
      status: topup.status,
      createdAt: topup.created_at.toISOString(),
    },
  };
};

/**
 * `idempotency`: the HTTP Idempotency-Key, claimed and completed in this transaction (route option
 * `idempotency: 'in-transaction'`).
 */
export const topUpCard = async ({
  db,
  clock,
  user,
  params,
  body,
  idempotencyKey: requestKey,
  idempotency,
  lang,
}: CardsRequest<typeof cardsTopUp>): Promise<TopUpResult> =>
  runLedgerTx(db, async (q) => {
    const replay = await idempotency?.claim(q);
    if (replay) return replay;
    const now = clock.now();
    const card = await ownedCard(q, user.userId, params.id, true);
    const [existing] = await q.query<TopupRow>('SELECT * FROM card_topups WHERE card_id = $1 AND request_key = $2', [card.id, requestKey]);
    const answer = (topup: TopupRow, view: Card): Promise<TopUpResult> | TopUpResult => {
      const result = topUpResult(topup, view);
      return idempotency ? idempotency.complete(q, result) : result;
    };
    if (existing) return answer(existing, await cardView(q, card, lang));
    const check = checkAction(card, 'topup');
    if (!check.ok) throw conflict(check.message);
    if (body.currency && body.currency !== card.currency) {
      throw catalogError('CURRENCY_MISMATCH', `This card is in ${card.currency}; the top-up was sent in ${body.currency}.`, {
        fields: { currency: `Must be ${card.currency}` },
      });
    }
    const product = await findProductIncludingRetired(q, card.product_id);
    if (!product) throw new Error(`card ${card.id} points at a missing product ${card.product_id}`);
    const range = depositRange(product, 'topUp');
    if (body.amount < range.min || body.amount > range.max) {
      const text = `A top-up of this card must be between ${formatMoney({ amount: range.min, currency: card.currency }, 'en')} and ${formatMoney({ amount: range.max, currency: card.currency }, 'en')}.`;
      throw catalogError('DEPOSIT_OUT_OF_RANGE', text, { fields: { amount: text } });
    }
    // Charged first, then the row is written once with the ledger ids (the card row lock keeps request keys unique).
    const fee = depositFee(depositFeeRule(product), body.amount);
    const topupId = newId('ctu');
    // The answer's card: the product just read and the card balance read with the accounts (a pending top-up leaves it).
    const view = (cardBalance: number) => toCard(card, { productName: productName(product, lang), balance: cardBalance, replacedByCardId: null });
    let stored: TopUpResult | null = null;
    const { topup, cardBalance } = await chargeTopup(q, { id: topupId, requestKey, amount: body.amount, fee }, card, now, (balance) => {
      // The issuer job (it runs only once this commits) and the stored answer ride in the charge's last statement: no
      // round trip of their own while the charge holds its hot ledger shards.
      const job = enqueueJobStatement({ kind: CARD_JOBS.topup, payload: { topupId }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
      if (!idempotency) return [job];
      const pending = { id: topupId, amount: body.amount, fee, currency: card.currency, status: 'pending' as const, created_at: now };
      const completion = idempotency.completion(topUpResult(pending, view(balance)));
      stored = completion.data;
      return [job, completion.statement];
    });
    return stored ?? topUpResult(topup, view(cardBalance));
  });
