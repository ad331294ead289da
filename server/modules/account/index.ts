/**
 * The signed-in user's account (docs/auth.md "Account", "Sessions"): profile edits, the email change by code, account
 * deletion and the sessions list. This file is the module's plugin: one `bind(endpoint, useCase)` line per endpoint.
 */
import {
  accountDelete,
  accountDeletionCheck,
  accountEmailConfirm,
  accountEmailSendCode,
  accountEndOtherSessions,
  accountEndSession,
  accountSessions,
  accountUpdateProfile,
} from '@/shared/contract/account';
import { routesWith } from '../../http/route';
import { EmailCodeService } from '../auth';
import { defineModule } from '../module';
import { checkDeletion, deleteAccount } from './deletion';
import { confirmEmailChange, sendEmailChangeCode } from './email-change';
import { updateProfile } from './profile';
import { endMyOtherSessions, endMySession, listMySessions } from './sessions';

export { SBP_LATE_CALLBACK_GRACE_SECONDS } from './deletion';

export const accountModule = defineModule({
  name: 'account',
  register: (app, { db, clock, config, adapters }) => {
    const mail = adapters.mail;
    if (!mail) throw new Error('account module: no mail adapter (server/outside-world.ts resolves one)');
    const bind = routesWith(app, { db, clock, mail, codes: new EmailCodeService(db, clock, config.jwtSecret) });
    bind(accountUpdateProfile, updateProfile);
    bind(accountEmailSendCode, sendEmailChangeCode);
    bind(accountEmailConfirm, confirmEmailChange);
    bind(accountDeletionCheck, checkDeletion);
    bind(accountDelete, deleteAccount);
    bind(accountSessions, listMySessions);
    bind(accountEndSession, endMySession);
    bind(accountEndOtherSessions, endMyOtherSessions);
  },
});
