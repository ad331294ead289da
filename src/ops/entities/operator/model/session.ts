/**
 * The signed-in operator (docs/ops.md "Signing in"). The access token lives in memory only (never web storage): a
 * reload renews it through the HttpOnly cookie (`ops.auth.refresh`), which no script can read. `operatorSession` is
 * what the shared transport calls for every `auth: 'operator'` endpoint (configureApi, app boot): it sends with the
 * token and, on a 401, renews once (one renewal at a time) and sends again; a failed renewal ends the session here.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { apiDataReset, isApiError, request, type OperatorSession as SendWithOperator } from '@/shared/api';
import { opsAuthLogout, opsAuthRefresh, type Operator, type OperatorSession } from '@/shared/contract/ops';

let accessToken: string | null = null;
let renewing: Promise<string | null> | null = null;

/** The session started (sign-in) or was renewed: its token is kept for the transport. */
export const sessionStarted = createEvent<OperatorSession>();
/** The session is over (signed out, or the server ended it): nothing of it is kept. */
export const sessionEnded = createEvent();

export type SessionState = 'unknown' | 'signedIn' | 'signedOut';
export const $operator = createStore<Operator | null>(null)
  .on(sessionStarted, (_, session) => session.operator)
  .reset(sessionEnded);
export const $sessionState = createStore<SessionState>('unknown')
  .on(sessionStarted, () => 'signedIn')
  .on(sessionEnded, () => 'signedOut');

const remember = (session: OperatorSession | null): string | null => (accessToken = session?.accessToken ?? null);

/** The transport's last renewal failed: the model hears it (outside any effect, so through the global event). */
const renewalFailed = () => {
  remember(null);
  sessionEnded();
};

const renew = (): Promise<string | null> =>
  (renewing ??= request(opsAuthRefresh, { body: {} })
    .then((session) => {
      remember(session);
      sessionStarted(session);
      return session.accessToken;
    })
    .catch(() => {
      renewalFailed();
      return null;
    })
    .finally(() => {
      renewing = null;
    }));

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

export const operatorSession: SendWithOperator = async (send) => {
  const sent = accessToken;
  try {
    return await send(sent);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    // Another call may have renewed it meanwhile; else renew now (the session ends here when that is refused).
    const fresh = accessToken !== sent ? accessToken : await renew();
    if (fresh === null) throw error;
  }
  try {
    return await send(accessToken);
  } catch (error) {
    if (isUnauthorized(error)) renewalFailed();
    throw error;
  }
};

/** At boot: a session kept by the renewal cookie (a reload), or none. */
export const restoreSessionFx = createEffect(async (): Promise<OperatorSession | null> => {
  try {
    return await request(opsAuthRefresh, { body: {} });
  } catch {
    return null;
  }
});
sample({ clock: restoreSessionFx.doneData, filter: (session): session is OperatorSession => session !== null, target: sessionStarted });
sample({ clock: restoreSessionFx.doneData, filter: (session) => session === null, target: sessionEnded });

/** Sign-out: the server ends the session and clears the cookie; here the token and every loaded data go. */
export const signOutFx = createEffect(async () => {
  try {
    await request(opsAuthLogout, { body: {} });
  } finally {
    remember(null);
  }
});
sample({ clock: signOutFx.finally, target: [sessionEnded, apiDataReset] });
/** Every started or renewed session's token is the one the transport sends. */
const rememberFx = createEffect((session: OperatorSession) => void remember(session));
sample({ clock: sessionStarted, target: rememberFx });
