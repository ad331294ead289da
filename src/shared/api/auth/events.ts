/**
 * Transport → app notifications as effector events. The session entity listens to them.
 *
 * The transport is plain async code, so inside an effect it must call these through `scopeBind`
 * (captured synchronously at the start of the handler) to reach the right fork scope; the farfetched
 * factories do that. A direct `request()` outside any effect fires them in the global scope.
 */
import { createEvent, scopeBind } from 'effector';
import type { ApiAuthExpiredError } from '../http/errors';
import { appLockRequired, type AppLockRequirement } from './app-lock-wait';

/** The session could not be renewed: both tokens were cleared. Payload message: SPEC §4 wording. */
export const authExpired = createEvent<ApiAuthExpiredError>();
/** The transport stored new tokens after a refresh. No payload: read them from token storage. */
export const tokensRefreshed = createEvent();

export interface TransportEvents {
  authExpired: (error: ApiAuthExpiredError) => void;
  tokensRefreshed: () => void;
  /** The server refused a call for the app lock (auth/app-lock-wait.ts). */
  appLockRequired: (requirement: AppLockRequirement) => void;
}

export const globalTransportEvents: TransportEvents = {
  authExpired: (error) => authExpired(error),
  tokensRefreshed: () => tokensRefreshed(),
  appLockRequired: (requirement) => appLockRequired(requirement),
};

/** Call synchronously at the start of an effect handler: the events then fire in that handler's scope. */
export function bindTransportEvents(): TransportEvents {
  return {
    authExpired: scopeBind(authExpired, { safe: true }),
    tokensRefreshed: scopeBind(tokensRefreshed, { safe: true }),
    appLockRequired: scopeBind(appLockRequired, { safe: true }),
  };
}
