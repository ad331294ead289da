/** What every transfer use case shares: its dependencies, the payment profile and the masked names. */
import { randomInt } from 'node:crypto';
import type { PaymentProfile } from '@/shared/contract';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { TransfersSettings } from '../../config';
import type { AnyEndpoint, RequestContext } from '../../http/route';
import type { BotAdapter } from '../../adapters/telegram-bot';
import { referralDisplayName } from '../promo';

export interface TransfersDeps {
  db: Db;
  clock: Clock;
  settings: TransfersSettings;
  /** t.me links into the Mini App (payment request links, the bot's buttons). */
  app: { botUsername: string; miniAppShortName: string | null };
  /** The bot (prepared inline messages, the contact picker); undefined = not integrated. */
  bot: BotAdapter | undefined;
}

export type TransfersRequest<E extends AnyEndpoint> = RequestContext<E, TransfersDeps>;

/**
 * How another person's name is shown (a payee on the confirm step, the other side of a transfer, who paid a request):
 * the first name and the initial of the last name, "Ivan P.", as Russian banks show a payee.
 */
export const maskedName = (firstName: string, lastName: string): string => referralDisplayName(firstName, lastName);

const PAY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 10 characters of a 57-letter alphabet without look-alikes (~58 bits): unguessable, short enough for a QR. */
const newPayCode = (): string => Array.from({ length: 10 }, () => PAY_CODE_ALPHABET[randomInt(PAY_CODE_ALPHABET.length)]).join('');

interface ProfileRow extends Record<string, unknown> {
  pay_code: string;
  discoverable: boolean;
  telegram_username: string | null;
}

/**
 * The user's payment profile, created on first use (its pay code is permanent). `lock`: FOR UPDATE — the row that
 * serialises this user's outgoing transfers and withdrawals, so their 24-hour limits are exact under any concurrency.
 */
export const paymentProfile = async (q: Queryable, userId: string, now: Date, lock = false): Promise<PaymentProfile> => {
  const select = () =>
    q.query<ProfileRow>(
      `SELECT p.pay_code, p.discoverable, u.telegram_username FROM payment_profiles p JOIN users u ON u.id = p.user_id
       WHERE p.user_id = $1${lock ? ' FOR UPDATE OF p' : ''}`,
      [userId],
    );
  let [row] = await select();
  for (let attempt = 0; !row && attempt < 5; attempt++) {
    await q.query(
      `INSERT INTO payment_profiles (user_id, pay_code, discoverable, created_at, updated_at) VALUES ($1, $2, true, $3, $3)
       ON CONFLICT DO NOTHING`,
      [userId, newPayCode(), now],
    );
    [row] = await select();
  }
  if (!row) throw new Error('could not create a payment profile');
  return { payCode: row.pay_code, discoverable: row.discoverable, username: row.telegram_username };
};
