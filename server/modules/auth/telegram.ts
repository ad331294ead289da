import { validate } from '@telegram-apps/init-data-node';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { authError } from '../../http/errors';
import { API_HEADERS, requestHeader } from '../../http/headers';
import type { TelegramUserData } from '../users';
import { AUTH_LIMITS } from '../../config/auth-limits';

/** Tolerated clock difference for an auth_date slightly in the future. */
const FUTURE_SKEW_SECONDS = 300;

const invalidInitData = (reason: string) =>
  authError('TELEGRAM_INIT_DATA_INVALID', `Telegram launch data rejected: ${reason}.`);

interface RawTelegramUser {
  id?: unknown;
  username?: unknown;
  first_name?: unknown;
  photo_url?: unknown;
}

const readUser = (params: URLSearchParams): TelegramUserData => {
  let raw: RawTelegramUser;
  try {
    raw = JSON.parse(params.get('user') ?? 'null') as RawTelegramUser;
  } catch {
    throw invalidInitData('the user field is not JSON');
  }
  if (!raw || typeof raw.id !== 'number' || !Number.isSafeInteger(raw.id) || raw.id <= 0) {
    throw invalidInitData('no Telegram user in the launch data');
  }
  return {
    id: raw.id,
    username: typeof raw.username === 'string' && raw.username ? raw.username : null,
    firstName: typeof raw.first_name === 'string' ? raw.first_name : '',
    photoUrl: typeof raw.photo_url === 'string' && raw.photo_url ? raw.photo_url : null,
  };
};

/**
 * Verifies the raw `X-Telegram-Init-Data` header (Telegram's HMAC with the bot token, auth_date fresher
 * than 24 h) and extracts the Telegram user. Without a bot token nothing can be verified: the header is
 * ignored, accounts are not linked, and Telegram login is refused.
 */
export class TelegramInitData {
  constructor(
    private readonly botToken: string | undefined,
    private readonly clock: Clock,
  ) {}

  get verifies(): boolean {
    return this.botToken !== undefined;
  }

  private verify(raw: string): TelegramUserData {
    if (!this.botToken) throw new Error('no bot token');
    try {
      // Expiry is checked below against the injectable clock.
      validate(raw, this.botToken, { expiresIn: 0 });
    } catch {
      throw invalidInitData('the signature does not match');
    }
    const params = new URLSearchParams(raw);
    const authDate = Number(params.get('auth_date'));
    const ageSeconds = this.clock.now().getTime() / 1000 - authDate;
    if (!Number.isFinite(authDate) || ageSeconds > AUTH_LIMITS.telegramInitDataMaxAgeSeconds || ageSeconds < -FUTURE_SKEW_SECONDS) {
      throw invalidInitData('it is too old, reopen the app from Telegram');
    }
    return readUser(params);
  }

  private header(request: FastifyRequest): string | undefined {
    const value = requestHeader(request, API_HEADERS.telegramInitData);
    return value ? value : undefined;
  }

  /** For register / verify-code: the Telegram user to link, or null (no header, or no bot token). Forged → 401. */
  optionalUser(request: FastifyRequest): TelegramUserData | null {
    const raw = this.header(request);
    if (!raw || !this.verifies) return null;
    return this.verify(raw);
  }

  /** For Telegram login: a verified Telegram user is required. */
  user(request: FastifyRequest): TelegramUserData {
    if (!this.verifies) {
      throw authError('TELEGRAM_LOGIN_UNAVAILABLE', 'Telegram sign-in is not available on this server. Sign in with your email.');
    }
    const raw = this.header(request);
    if (!raw) throw invalidInitData('the X-Telegram-Init-Data header is missing');
    return this.verify(raw);
  }
}
