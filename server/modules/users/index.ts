import { defineModule } from '../module';
import { registerUserRoutes } from './routes';

export { requireVerifiedUser, VERIFICATION_GUARD_MESSAGES } from './verification-guard';

/** GET /api/users/me. The UsersService itself is built by buildApp (auth and the sandbox controls use it too). */
export const usersModule = defineModule({ name: 'users', register: (app, { users }) => registerUserRoutes(app, users) });
