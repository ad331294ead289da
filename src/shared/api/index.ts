/**
 * Public API of the client transport (GitHub issue #3). See docs/frontend-data.md.
 *
 * The first screen imports only the light modules (config, http/messages, auth/tokens, auth/events, reset,
 * error-keys: effector at most); they must never import farfetched, zod or the contract, or the
 * transport lands in every first screen (docs/frontend.md "Bundle budget", checked by `npm run size`).
 */
export { configureApi, getApiConfig, REQUEST_TIMEOUT_MS, type ApiConfig } from './config';
export { request, type RequestOptions } from './http/request';
export {
  isApiError,
  isClientError,
  isOutcomeUnknown,
  type ApiError,
  type ApiErrorKind,
  type ApiHttpError,
  type ApiNetworkError,
  type ApiParseError,
  type ApiTimeoutError,
  type ApiAuthExpiredError,
} from './http/errors';
export { TRANSPORT_MESSAGES, ERROR_CODES } from './http/messages';
export { tokenStorage, ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, type SessionTokens } from './auth/tokens';
export { authExpired, tokensRefreshed } from './auth/events';
export { appLockRequired, appLockSettled, type AppLockRequirement } from './auth/app-lock-wait';
export {
  createApiQuery,
  createApiMutation,
  createIdempotentMutation,
  QUERY_DEFAULTS,
  type ApiQuery,
  type ApiMutation,
  type ApiOperationParams,
  type ApiMutationParams,
  type ApiOperationError,
  type ApiQueryOptions,
  type ApiMutationOptions,
  type IdempotentMutation,
  type IdempotentMutationOptions,
} from './factory';
export { refetchOn, createRefetch, type RefetchOnOptions, type QueryView } from './refetch';
export { createPoll, type Poll } from './poll';
export { isDefinitiveFailure, newIdempotencyKey } from './idempotency';
export { forgetPendingIntents, PENDING_INTENTS_PREFIX } from './pending-intents-reset';
export { apiDataReset } from './reset';
export {
  toQueryState,
  toMutationState,
  queryState,
  mutationState,
  type QueryState,
  type MutationState,
} from './state';
export { toErrorMessage, errorMessageOf, failureMessageOf, type ErrorMessage } from './error-message';
export { GENERAL_ERROR_KEYS, TRANSPORT_ERROR_KEYS } from './error-keys';
