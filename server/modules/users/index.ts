/** The account's state: GET /api/users/me, the user store, sign-up's account creation, the verification guard. */
import { usersMe } from '@/shared/contract/users';
import { routesWith } from '../../http/route';
import { defineModule } from '../module';
import { getMyProfile } from './profile';

export { requireVerifiedUser } from './verification-guard';
export {
  decideVerification,
  freezeAccount,
  lockAccount,
  recordProviderResult,
  unfreezeAccount,
} from './account-review';
export { autoVerifyDelay, createUser, emailTaken, normalizeEmail, type NewAccountSettings } from './create-user';
export { setVerificationByEmail, userProfile } from './profile';
export { findUserByEmail, findUserById, findUserByPromoCode, findUserByTelegramId, linkTelegram, type TelegramUserData, type UserRecord } from './user-store';

/** The module's plugin: GET /api/users/me bound to its use case. */
export const usersModule = defineModule({
  name: 'users',
  register: (app, { db, clock }) => {
    const bind = routesWith(app, { db, clock });
    bind(usersMe, getMyProfile);
  },
});
