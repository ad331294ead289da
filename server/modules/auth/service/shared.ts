/** What every auth use case shares: its dependencies, and the reads of a sign-in's Telegram user and device. */
import type { AuthTokens } from '@/shared/contract/auth';
import type { MailAdapter } from '../../../adapters/mail';
import type { Clock } from '../../../clock';
import type { Db, Queryable } from '../../../db/db';
import { authError } from '../../../http/errors';
import type { AnyEndpoint, RequestContext } from '../../../http/route';
import { linkTelegram, type NewAccountSettings, type TelegramUserData, type UserRecord } from '../../users';
import { sessionDevice, type SessionDevice } from '../device';
import type { EmailCodeService } from '../email-codes';
import type { TelegramInitData } from '../telegram';
import type { TokenService } from '../tokens';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  mail: MailAdapter;
  codes: EmailCodeService;
  tokens: TokenService;
  /** The X-Telegram-Init-Data check (the bot token's HMAC). */
  telegram: TelegramInitData;
  /** A proxy in front (TRUST_PROXY set) says the caller's country (sessionDevice). */
  trustProxyCountry: boolean;
  /** What a new account starts with (sign-up). */
  newAccounts: NewAccountSettings;
}

/** One request to an auth use case: the module's dependencies and the request's context (server/http/route.ts). */
export type AuthRequest<E extends AnyEndpoint> = RequestContext<E, AuthDeps>;

/** What the sign-in runs on (stored with its session): User-Agent, Telegram client, the proxy's country. */
export const deviceOf = ({ request, trustProxyCountry }: Pick<AuthRequest<AnyEndpoint>, 'request' | 'trustProxyCountry'>): SessionDevice =>
  sessionDevice(request, trustProxyCountry);

const telegramAlreadyLinked = () =>
  authError(
    'TELEGRAM_ALREADY_LINKED',
    'This Telegram account is already linked to another account. Sign in to that account, or use a different Telegram account.',
  );

/** Links the Telegram account in the caller's transaction, or fails it (rolled back: no account made, no code spent). */
export const linkOrRefuse = async (tx: Queryable, userId: string, telegram: TelegramUserData, now: Date): Promise<void> => {
  if (!(await linkTelegram(tx, userId, telegram, now))) throw telegramAlreadyLinked();
};

export const authUser = (user: UserRecord): AuthTokens['user'] => ({ id: user.id, name: `${user.firstName} ${user.lastName}` });
