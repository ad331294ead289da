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
import type { TokenService } from '../auth/tokens';
import type { DeletionService } from './deletion';
import type { ProfileService } from './profile';

const sessionNotFound = () => authError('SESSION_NOT_FOUND', 'No such session: it may have ended already.');

export const registerAccountRoutes = (app: FastifyInstance, profile: ProfileService, deletion: DeletionService, tokens: TokenService): void => {
  route(app, accountUpdateProfile, ({ body, requireUser }) => profile.update(requireUser().userId, body));
  route(app, accountEmailSendCode, ({ body, requireUser, request }) => profile.sendEmailCode(requireUser().userId, body.email, request.ip));
  route(app, accountEmailConfirm, ({ body, requireUser }) => profile.confirmEmail(requireUser().userId, body.email, body.code));
  route(app, accountDeletionCheck, ({ requireUser }) => deletion.check(requireUser().userId));
  route(app, accountDelete, async ({ requireUser }) => {
    await deletion.delete(requireUser().userId);
    return { deleted: true as const };
  });
  route(app, accountSessions, async ({ requireUser }) => {
    const { userId, sessionId } = requireUser();
    const items = await tokens.listSessions(userId, sessionId);
    return { items: items.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })) };
  });
  route(app, accountEndSession, async ({ params, requireUser }) => {
    if (!(await tokens.endSession(requireUser().userId, params.sessionId))) throw sessionNotFound();
    return { ended: true as const };
  });
  route(app, accountEndOtherSessions, async ({ requireUser }) => {
    const { userId, sessionId } = requireUser();
    return { ended: await tokens.endOtherSessions(userId, sessionId) };
  });
};
