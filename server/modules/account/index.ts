import { EmailCodeService } from '../auth';
import { defineModule } from '../module';
import { DeletionService } from './deletion';

export { SBP_LATE_CALLBACK_GRACE_SECONDS } from './deletion';
import { ProfileService } from './profile';
import { registerAccountRoutes } from './routes';

/** Profile edits, email change by code, account deletion, the sessions list (docs/server.md "Account", "Sessions"). */
export const accountModule = defineModule({
  name: 'account',
  register: (app, { db, clock, config, adapters }) => {
    const mail = adapters.mail;
    if (!mail) throw new Error('account module: no mail adapter (server/outside-world.ts resolves one)');
    const codes = new EmailCodeService(db, clock, config.jwtSecret);
    registerAccountRoutes(app, new ProfileService({ db, clock, mail, codes }), new DeletionService(db, clock), db, clock);
  },
});
