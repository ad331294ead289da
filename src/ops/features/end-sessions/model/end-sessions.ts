/** Support ends one of a user's sessions, or all of them (their next call is refused; they sign in again). */
import { opsUsersEndSessions } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export const endSessions = createConsoleAction<typeof opsUsersEndSessions, { userId: string; sessionId: string | null }>(opsUsersEndSessions, {
  name: 'ops.users.endSessions',
  successKey: 'ops-users:sessions.endedToast',
});
