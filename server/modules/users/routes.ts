import type { FastifyInstance } from 'fastify';
import { usersMe } from '@/shared/contract/users';
import { route } from '../../http/route';
import type { UsersService } from './service';

export const registerUserRoutes = (app: FastifyInstance, users: UsersService): void => {
  route(app, usersMe, ({ user }) => users.getProfile(user.userId));
};
