import type { FastifyInstance } from 'fastify';
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
import { authError } from '../../http/errors';
import { route } from '../../http/route';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { endOtherSessions, endSession, listSessions } from '../auth';
import type { DeletionService } from './deletion';
import type { ProfileService } from './profile';

const sessionNotFound = () => authError('SESSION_NOT_FOUND', 'No such session: it may have ended already.');

export const registerAccountRoutes = (app: FastifyInstance, profile: ProfileService, deletion: DeletionService, db: Db, clock: Clock): void => {
  route(app, accountUpdateProfile, ({ body, user }) => profile.update(user.userId, body));
  route(app, accountEmailSendCode, ({ body, user, request }) => profile.sendEmailCode(user.userId, body.email, request.ip));
  route(app, accountEmailConfirm, ({ body, user }) => profile.confirmEmail(user.userId, body.email, body.code));
  route(app, accountDeletionCheck, ({ user }) => deletion.check(user.userId));
  route(app, accountDelete, async ({ user }) => {
    await deletion.delete(user.userId);
    return { deleted: true as const };
  });
  route(app, accountSessions, async ({ user }) => {
    const { userId, sessionId } = user;
    const items = await listSessions(db, clock, userId, sessionId);
    return { items: items.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })) };
  });
  route(app, accountEndSession, async ({ params, user }) => {
    if (!(await endSession(db, clock, user.userId, params.sessionId))) throw sessionNotFound();
    return { ended: true as const };
  });
  route(app, accountEndOtherSessions, async ({ user }) => {
    const { userId, sessionId } = user;
    return { ended: await endOtherSessions(db, clock, userId, sessionId) };
  });
};
