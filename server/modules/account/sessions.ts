/** The signed-in user's sessions (docs/auth.md "Sessions"): the list, ending one, ending all the others. */
import type { accountEndOtherSessions, accountEndSession, accountSessions } from '@/shared/contract/account';
import { authError } from '../../http/errors';
import { endOtherSessions, endSession, listSessions } from '../auth';
import type { AccountRequest } from './shared';

const sessionNotFound = () => authError('SESSION_NOT_FOUND', 'No such session: it may have ended already.');

/** GET /api/account/sessions: the active sessions, the current one first. */
export const listMySessions = async ({ db, clock, user }: AccountRequest<typeof accountSessions>) => {
  const { userId, sessionId } = user;
  const items = await listSessions(db, clock, userId, sessionId);
  return { items: items.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })) };
};

/** Ends one of the user's sessions (another user's, or an ended one: 404 SESSION_NOT_FOUND). */
export const endMySession = async ({ db, clock, user, params }: AccountRequest<typeof accountEndSession>): Promise<{ ended: true }> => {
  if (!(await endSession(db, clock, user.userId, params.sessionId))) throw sessionNotFound();
  return { ended: true };
};

/** Ends every session of the user but this one; answers how many ended. */
export const endMyOtherSessions = async ({ db, clock, user }: AccountRequest<typeof accountEndOtherSessions>): Promise<{ ended: number }> => ({
  ended: await endOtherSessions(db, clock, user.userId, user.sessionId),
});
