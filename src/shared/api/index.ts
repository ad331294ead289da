/**
 * Public API of the client transport (GitHub issue #3). See docs/frontend-data.md.
 */
export { configureApi, REQUEST_TIMEOUT_MS, type ApiConfig } from './config';
export { request, type RequestOptions } from './http/request';
export {
  isApiError,
  isClientError,
  TRANSPORT_MESSAGES,
  ERROR_CODES,
  type ApiError,
  type ApiErrorKind,
  type ApiHttpError,
  type ApiNetworkError,
  type ApiParseError,
  type ApiTimeoutError,
  type ApiAuthExpiredError,
} from './http/errors';
export { tokenStorage, ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, type SessionTokens } from './auth/tokens';
export { authExpired, tokensRefreshed } from './auth/events';
export {
  createApiQuery,
  createApiMutation,
  apiDataReset,
  QUERY_DEFAULTS,
  type ApiQuery,
  type ApiMutation,
  type ApiOperationParams,
  type ApiMutationParams,
  type ApiOperationError,
  type ApiQueryOptions,
  type ApiMutationOptions,
} from './factory';
export { schemaContract } from './contract';
export {
  toQueryState,
  toMutationState,
  queryState,
  mutationState,
  type QueryState,
  type MutationState,
} from './state';
export {
  toErrorMessage,
  errorMessageOf,
  failureMessageOf,
  GENERAL_ERROR_KEYS,
  TRANSPORT_ERROR_KEYS,
  type ErrorMessage,
} from './error-message';
