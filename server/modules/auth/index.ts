import { createMailAdapter } from '../../adapters/mail';
import { defineModule } from '../module';
import { EmailCodeService } from './email-codes';
import { registerAuthRoutes } from './routes';
import { AuthService } from './service';
import { TelegramInitData } from './telegram';

/** Sign-up, sign-in (email code, Telegram), refresh, sign-out (docs/server.md "Auth"). */
export const authModule = defineModule({
  name: 'auth',
  register: (app, { db, clock, config, adapters, tokens, users }) => {
    const mail =
      adapters.mail ?? createMailAdapter({ smtpUrl: config.adapters.mail.adapter === 'smtp' ? config.smtpUrl : undefined, mailFrom: config.mailFrom, db, clock, log: (line) => app.log.info(line) });
    const codes = new EmailCodeService(db, clock, config.jwtSecret);
    registerAuthRoutes(app, new AuthService({ db, clock, mail, tokens, users, codes }), new TelegramInitData(config.telegramBotToken, clock));
  },
});
