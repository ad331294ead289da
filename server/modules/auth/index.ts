import { autoVerifyDelay } from '../users';
import { defineModule } from '../module';
import { EmailCodeService } from './email-codes';
import { registerAuthRoutes } from './routes';
import { AuthService } from './service';
import { TelegramInitData } from './telegram';
export { TokenService } from './tokens';
export { SessionCheckedDb, sessionCte, sessionActsSql, SESSION_COLUMNS } from './session-checked-db';
export { codeErrors, EmailCodeService, type IssuedCode } from './email-codes';
export { emailChangeCodeMail, emailChangedMail, withdrawalCodeMail } from './mail-messages';
// For the operator side (server/modules/ops): the same secrets' derivation and device summary.
export { deriveKey, sha256Base64Url } from './secrets';
export { summarizeUserAgent } from './device';

/** Sign-up, sign-in (email code, Telegram), refresh, sign-out (docs/server.md "Auth"). */
export const authModule = defineModule({
  name: 'auth',
  register: (app, { db, clock, config, adapters, tokens }) => {
    // Always chosen by server/outside-world.ts (SMTP, or the sandbox mailbox outside production).
    const mail = adapters.mail;
    if (!mail) throw new Error('auth module: no mail adapter (server/outside-world.ts resolves one)');
    const codes = new EmailCodeService(db, clock, config.jwtSecret);
    registerAuthRoutes(
      app,
      new AuthService({ db, clock, mail, tokens, codes, newAccounts: { clock, autoVerifyAfterSeconds: autoVerifyDelay(config) } }),
      new TelegramInitData(config.telegramBotToken, clock),
      config.trustProxy !== false,
    );
  },
});
