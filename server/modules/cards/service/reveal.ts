/** Show the card's number and CVV, encrypted to the browser's key (client feature card-reveal). */
import type { cardsSensitive, SensitiveData } from '@/shared/contract/cards';
import { importClientPublicKey, InvalidPublicKeyError } from '../../../adapters/card-issuer';
import { addSeconds } from '../../../clock';
import { catalogError } from '../../../http/errors';
import { CARD_LIMITS } from '../limits';
import { checkAction } from '../status-machine';
import { ownedCard } from '../store';
import { issuerCall, type CardsRequest } from './shared';

/**
 * POST /api/cards/sensitive: the issuer encrypts the card data to the browser's key; we relay the
 * ciphertext (we cannot read it) and keep an audit row. Rate-limited per card.
 */
export const revealSensitive = async ({ db, clock, issuer, limits, user, body, ip: clientIp }: CardsRequest<typeof cardsSensitive>): Promise<SensitiveData> => {
  const now = clock.now();
  const card = await ownedCard(db, user.userId, body.cardId);
  const check = checkAction(card, 'reveal');
  if (!check.ok) throw catalogError('SENSITIVE_DATA_UNAVAILABLE', check.message);
  try {
    await importClientPublicKey(body.publicKey);
  } catch (error) {
    if (error instanceof InvalidPublicKeyError) throw catalogError('INVALID_PUBLIC_KEY', error.message, { fields: { publicKey: error.message } });
    throw error;
  }
  const windowStart = addSeconds(now, -3600);
  const recent = await db.query<{ created_at: Date }>(
    'SELECT created_at FROM card_sensitive_reveals WHERE card_id = $1 AND created_at > $2 ORDER BY created_at ASC',
    [card.id, windowStart],
  );
  if (recent.length >= CARD_LIMITS.revealsPerCardPerHour) {
    const retryAfter = Math.max(1, Math.ceil((recent[0]!.created_at.getTime() + 3_600_000 - now.getTime()) / 1000));
    throw catalogError('RATE_LIMITED', `The card details were shown ${recent.length} times in the last hour. Please try again later.`, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
  const data = await issuerCall(() =>
    issuer.revealSensitive({ cardRef: card.id, publicKey: body.publicKey, expiresAt: addSeconds(now, limits.sensitiveDataTtlSeconds) }),
  );
  await db.query('INSERT INTO card_sensitive_reveals (card_id, user_id, client_ip, created_at) VALUES ($1, $2, $3, $4)', [
    card.id,
    user.userId,
    clientIp,
    now,
  ]);
  return data;
};
