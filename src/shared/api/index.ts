/**
 * Public API of the client transport (GitHub issue #3). See docs/frontend-data.md.
 *
 * The first screen imports only the light modules (config, early-replies, http/messages, auth/tokens, auth/events,
 * reset, error-keys: effector at most); they must never import farfetched, zod or the contract, or the
 * transport lands in every first screen (docs/performance.md "Bundle budget", checked by `npm run size`).
 */
export { configureApi, type OperatorSession } from './config';
export { startEarlyGets } from './early-replies';
export { request } from './http/request';
export { isApiError, isOutcomeUnknown } from './http/errors';
export { TRANSPORT_MESSAGES, ERROR_CODES } from './http/messages';
export { tokenStorage, type SessionTokens } from './auth/tokens';
export { authExpired, tokensRefreshed } from './auth/events';
export { appLockRequired, appLockSettled } from './auth/app-lock-wait';
export { createApiQuery, createApiMutation, createIdempotentMutation, type ApiMutationParams } from './factory';
export { refetchOn, createRefetch, type QueryView } from './refetch';
export { createPoll } from './poll';
export { createShowMore } from './show-more';
export { isDefinitiveFailure, newIdempotencyKey } from './idempotency';
export { forgetPendingIntents, PENDING_INTENTS_PREFIX } from './pending-intents-reset';
export { apiDataReset } from './reset';
export { downloadApiFile } from './download';
export { queryState, mutationState, type QueryState } from './state';
export { toErrorMessage, errorMessageOf, failureMessageOf, type ErrorMessage } from './error-message';
export { TRANSPORT_ERROR_KEYS } from './error-keys';
