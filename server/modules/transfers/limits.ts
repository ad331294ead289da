/** The transfer limits per currency and what the caller sent in the last 24 hours (GET /api/transfers/limits). */
import type { Currency, TransferLimits, transfersLimits } from '@/shared/contract';
import { TRANSFER_NOTE_MAX_LENGTH } from '@/shared/contract';
import { addSeconds } from '../../clock';
import type { Queryable } from '../../db/db';
import type { TransfersSettings } from '../../config';
import type { TransfersRequest } from './shared';

const CURRENCIES: readonly Currency[] = ['USD', 'RUB'];
const DAY_SECONDS = 86_400;

/** What `userId` sent to other users in `currency` over the 24 hours before `now` (minor units). */
export const sentLast24h = async (q: Queryable, userId: string, currency: Currency, now: Date): Promise<number> => {
  const [row] = await q.query<{ total: number | null }>(
    'SELECT sum(amount)::bigint AS total FROM p2p_transfers WHERE sender_id = $1 AND currency = $2 AND created_at > $3',
    [userId, currency, addSeconds(now, -DAY_SECONDS)],
  );
  return row?.total ?? 0;
};

const limitsView = async (q: Queryable, userId: string, settings: TransfersSettings, now: Date): Promise<TransferLimits> => ({
  limits: await Promise.all(
    CURRENCIES.map(async (currency) => {
      const limit = settings.limits[currency];
      const sent = await sentLast24h(q, userId, currency, now);
      const money = (amount: number) => ({ amount, currency });
      return {
        currency,
        min: money(limit.min),
        maxPerTransfer: money(limit.maxPerTransfer),
        daily: money(limit.daily),
        sentLast24h: money(sent),
        remaining: money(Math.max(0, limit.daily - sent)),
      };
    }),
  ),
  noteMaxLength: TRANSFER_NOTE_MAX_LENGTH,
});

export const getTransferLimits = ({ db, clock, user, settings }: TransfersRequest<typeof transfersLimits>): Promise<TransferLimits> =>
  limitsView(db, user.userId, settings, clock.now());
