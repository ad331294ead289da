/** Sign-up, sign-in (email code, Telegram), refresh, sign-out (docs/auth.md "Auth"); the sessions of a user (sessions.ts). */
import { authLogin, authLogout, authRefreshToken, authRegister, authSendCode, authVerifyCode } from '@/shared/contract/auth';
import { routesWith } from '../../http/route';
import { autoVerifyDelay } from '../users';
import { defineModule } from '../module';
import { EmailCodeService } from './email-codes';
import { logout, refreshTokens } from './service/refresh';
import { sendCode } from './service/send-code';
import type { AuthDeps } from './service/shared';
import { loginWithTelegram, verifyCode } from './service/sign-in';
import { register } from './service/sign-up';
import { TelegramInitData } from './telegram';
import type { TokenService } from './tokens';

export { TokenService } from './tokens';
export { allSessions, endAllSessions, endOtherSessions, endSession, listSessions } from './sessions';
export { SessionCheckedDb, sessionCte, sessionActsSql, SESSION_COLUMNS } from './session-checked-db';
export { codeErrors, EmailCodeService, type IssuedCode } from './email-codes';
export { emailChangeCodeMail, emailChangedMail, withdrawalCodeMail } from './mail-messages';
// For the operator side (server/modules/ops): the same secrets' derivation and device summary.
export { deriveKey, sha256Base64Url } from './secrets';
export { summarizeUserAgent } from './device';

export interface AuthSettings {
  /** Access tokens and sessions: made by buildApp(), whose bearer check (server/http/context.ts) uses them too. */
  tokens: TokenService;
}

/** The module's plugin: its dependencies, and every auth endpoint bound to its use case, one line each. */
export const authModule = defineModule<AuthSettings>({
  name: 'auth',
  register: (app, { db, clock, config, adapters }, { tokens }) => {
    // Always chosen by server/outside-world.ts (SMTP, or the sandbox mailbox outside production).
    const mail = adapters.mail;
    if (!mail) throw new Error('auth module: no mail adapter (server/outside-world.ts resolves one)');
    const deps: AuthDeps = {
      db,
      clock,
      mail,
      codes: new EmailCodeService(db, clock, config.jwtSecret),
      tokens,
      telegram: new TelegramInitData(config.telegramBotToken, clock),
      trustProxyCountry: config.trustProxy !== false,
      newAccounts: { clock, autoVerifyAfterSeconds: autoVerifyDelay(config) },
    };
    const bind = routesWith(app, deps);
    bind(authSendCode, sendCode);
    bind(authRegister, register);
    bind(authVerifyCode, verifyCode);
    bind(authLogin, loginWithTelegram);
    bind(authRefreshToken, refreshTokens);
    bind(authLogout, logout);
  },
});
