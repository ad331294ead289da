import { defineModule } from '../module';
import { registerUserRoutes } from './routes';

export { requireVerifiedUser } from './verification-guard';
export {
  decideVerification,
  freezeAccount,
  lockAccount,
  recordProviderResult,
  unfreezeAccount,
} from './account-review';
export { emailTaken, normalizeEmail, UsersService } from './service';
export { findUserByEmail, findUserById, findUserByPromoCode, findUserByTelegramId, linkTelegram, type TelegramUserData, type UserRecord } from './user-store';

/** GET /api/users/me. The UsersService itself is built by buildApp (auth and the sandbox controls use it too). */
export const usersModule = defineModule({ name: 'users', register: (app, { users }) => registerUserRoutes(app, users) });
