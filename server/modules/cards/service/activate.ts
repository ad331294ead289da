/** Activate a physical card with the code from its envelope (client feature card-activate). */
import type { Card, cardsActivate } from '@/shared/contract/cards';
import { addSeconds } from '../../../clock';
import type { Db } from '../../../db/db';
import { catalogError } from '../../../http/errors';
import { enqueueJob } from '../../../jobs';
import { CARD_JOBS, CARD_LIMITS } from '../limits';
import { checkAction } from '../status-machine';
import { changeStatus, ownedCard, type CardRow } from '../store';
import { cardView, conflict, issuerCall, type CardsRequest } from './shared';

export const activateCard = async ({ db, clock, issuer, user, body, lang }: CardsRequest<typeof cardsActivate>): Promise<Card> => {
  const now = clock.now();
  const { userId } = user;
  const card = await ownedCard(db, userId, body.cardId);
  if (card.status === 'activating') return cardView(db, card, lang); // the same activation again
  const allowed = checkAction(card, 'activate');
  if (!allowed.ok) throw conflict(allowed.message);
  refuseWhileLocked(card, now);

  const right = await issuerCall(() => issuer.checkActivationCode(card.id, body.activationCode));
  if (!right) await countWrongCode(db, card.id, now);

  const row = await db.tx(async (q) => {
    const locked = await ownedCard(q, userId, body.cardId, true);
    if (locked.status === 'activating') return locked;
    const check = checkAction(locked, 'activate');
    if (!check.ok) throw conflict(check.message);
    await changeStatus(q, locked, 'activationRequested', now);
    await q.query('UPDATE cards SET activation_failures = 0, activation_locked_until = NULL WHERE id = $1', [locked.id]);
    await enqueueJob(q, { kind: CARD_JOBS.activate, payload: { cardId: locked.id }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
    return locked;
  });
  return cardView(db, row, lang);
};

const refuseWhileLocked = (card: CardRow, now: Date): void => {
  if (card.activation_locked_until && card.activation_locked_until > now) {
    const seconds = Math.ceil((card.activation_locked_until.getTime() - now.getTime()) / 1000);
    throw catalogError(
      'ACTIVATION_ATTEMPTS_EXCEEDED',
      `Too many wrong activation codes. Try again in ${Math.ceil(seconds / 60)} min or contact support.`,
      { headers: { 'retry-after': String(seconds) } },
    );
  }
};

/** Counts a wrong code (committed even though the request fails) and throws 422, or 429 at the limit. */
const countWrongCode = async (db: Db, cardId: string, now: Date): Promise<never> => {
  const max = CARD_LIMITS.activationMaxWrongAttempts;
  const [row] = await db.query<{ activation_failures: number }>(
    `UPDATE cards SET activation_failures = activation_failures + 1 WHERE id = $1 RETURNING activation_failures`,
    [cardId],
  );
  const failures = row?.activation_failures ?? max;
  if (failures >= max) {
    const until = addSeconds(now, CARD_LIMITS.activationLockSeconds);
    await db.query('UPDATE cards SET activation_failures = 0, activation_locked_until = $2 WHERE id = $1', [cardId, until]);
    throw catalogError(
      'ACTIVATION_ATTEMPTS_EXCEEDED',
      `Too many wrong activation codes. Try again in ${CARD_LIMITS.activationLockSeconds / 60} min or contact support.`,
      { headers: { 'retry-after': String(CARD_LIMITS.activationLockSeconds) } },
    );
  }
  const left = max - failures;
  throw catalogError(
    'INVALID_ACTIVATION_CODE',
    `The activation code is wrong. Check the 6 digits in the card envelope (${left} ${left === 1 ? 'attempt' : 'attempts'} left).`,
    { fields: { activationCode: 'Wrong activation code' }, details: { attemptsLeft: left } },
  );
};
