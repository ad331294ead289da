/**
 * The cards module's jobs: each sends one request to the issuer, and is idempotent (it checks the card
 * before acting; the issuer keys requests by our ids). When a request keeps failing, the failure hook
 * gives the operation up: issue → failed + refund, top-up → failed + refund, activation/freeze/unfreeze →
 * back to the previous status.
 */
import type { CardBlockReason } from '@/shared/contract/card-lifecycle';
import type { CardReasonCode } from '@/shared/contract/errors';
import { IssuerRequestError, type CardIssuer } from '../../adapters/card-issuer';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { PermanentJobError, type JobRegistry } from '../../jobs';
import { runLedgerTx } from '../ledger';
import { endIssue, failTopup } from './events';
import { CARD_JOBS } from './limits';
import { addressOf, findDelivery } from './shipment';
import { changeStatus, findCard, findTopup } from './store';

interface CardJobPayload {
  cardId: string;
}
interface BlockJobPayload extends CardJobPayload {
  reason: CardBlockReason;
}
interface TopupJobPayload {
  topupId: string;
}

/** Why an operation was given up: the issuer kept failing, or refused the request itself. */
const giveUpReason = (error: string): CardReasonCode => (error.includes('IssuerRequestError') ? 'ISSUER_ERROR' : 'ISSUER_UNAVAILABLE');

/** Issuer refusals of the request itself will not get better by retrying. */
const permanent = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IssuerRequestError) throw new PermanentJobError(`IssuerRequestError ${error.code}: ${error.message}`);
    throw error;
  }
};

export const registerCardJobs = (registry: JobRegistry, deps: { db: Db; clock: Clock; issuer: CardIssuer }): void => {
  const { db, clock, issuer } = deps;

  registry.register<CardJobPayload>(
    CARD_JOBS.issue,
    async ({ cardId }) => {
      const card = await findCard(db, cardId);
      if (!card || card.status !== 'pending') return; // already accepted (or decided) earlier
      const delivery = card.form === 'physical' ? await findDelivery(db, card.id) : null;
      const accepted = await permanent(() =>
        issuer.requestIssue({
          cardRef: card.id,
          userRef: card.user_id,
          productRef: card.product_id,
          form: card.form,
          scheme: card.scheme,
          currency: card.currency,
          cardholderName: card.cardholder_name,
          initialLoad: Number(card.initial_deposit),
          ...(delivery ? { deliveryAddress: addressOf(delivery) } : {}),
        }),
      );
      await runLedgerTx(db, async (q) => {
        const locked = await findCard(q, cardId, true);
        if (!locked || locked.status !== 'pending') return; // the issuer's answer arrived first
        await changeStatus(q, locked, 'issueAccepted', clock.now(), { issuerCardId: accepted.issuerCardId });
      });
    },
    {
      onFailure: async (q, { cardId }, { error }) => {
        const card = await findCard(q, cardId, true);
        if (card?.status === 'pending') await endIssue(q, card, 'issueFailed', giveUpReason(error), clock.now());
      },
    },
  );

  registry.register<CardJobPayload>(
    CARD_JOBS.activate,
    async ({ cardId }) => {
      const card = await findCard(db, cardId);
      if (card?.status !== 'activating') return;
      await permanent(() => issuer.requestActivation(cardId));
    },
    {
      onFailure: async (q, { cardId }, { error }) => {
        const card = await findCard(q, cardId, true);
        if (card?.status === 'activating') {
          await changeStatus(q, card, 'activationFailed', clock.now(), { reason: 'ACTIVATION_FAILED', historyReason: giveUpReason(error) });
        }
      },
    },
  );

  for (const [kind, status, failEvent] of [
    [CARD_JOBS.freeze, 'freezing', 'freezeFailed'],
    [CARD_JOBS.unfreeze, 'unfreezing', 'unfreezeFailed'],
  ] as const) {
    registry.register<CardJobPayload>(
      kind,
      async ({ cardId }) => {
        const card = await findCard(db, cardId);
        if (card?.status !== status) return;
        await permanent(() => (status === 'freezing' ? issuer.requestFreeze(cardId) : issuer.requestUnfreeze(cardId)));
      },
      {
        onFailure: async (q, { cardId }, { error }) => {
          const card = await findCard(q, cardId, true);
          if (card?.status === status) await changeStatus(q, card, failEvent, clock.now(), { historyReason: giveUpReason(error) });
        },
      },
    );
  }

  // Card lifecycle: close / block for good. Given up: the card stays frozen (never spendable by surprise), CLOSE_FAILED /
  // BLOCK_FAILED, and the user may try again.
  registry.register<CardJobPayload>(
    CARD_JOBS.close,
    async ({ cardId }) => {
      const card = await findCard(db, cardId);
      if (card?.status !== 'closing') return;
      await permanent(() => issuer.requestClose(cardId));
    },
    {
      onFailure: async (q, { cardId }, { error }) => {
        const card = await findCard(q, cardId, true);
        if (card?.status === 'closing') await changeStatus(q, card, 'closeFailed', clock.now(), { reason: 'CLOSE_FAILED', historyReason: giveUpReason(error) });
      },
    },
  );

  registry.register<BlockJobPayload>(
    CARD_JOBS.block,
    async ({ cardId, reason }) => {
      const card = await findCard(db, cardId);
      if (card?.status !== 'blocking') return;
      await permanent(() => issuer.requestBlock({ cardRef: cardId, reason }));
    },
    {
      onFailure: async (q, { cardId }, { error }) => {
        const card = await findCard(q, cardId, true);
        if (card?.status === 'blocking') await changeStatus(q, card, 'blockFailed', clock.now(), { reason: 'BLOCK_FAILED', historyReason: giveUpReason(error) });
      },
    },
  );

  registry.register<TopupJobPayload>(
    CARD_JOBS.topup,
    async ({ topupId }) => {
      const topup = await findTopup(db, topupId);
      if (topup?.status !== 'pending') return;
      await permanent(() => issuer.requestTopUp({ cardRef: topup.card_id, topupRef: topup.id, amount: topup.amount, currency: topup.currency }));
    },
    {
      onFailure: async (q, { topupId }, { error }) => {
        await failTopup(q, topupId, giveUpReason(error), clock.now());
      },
    },
  );
};
