/**
 * i18n keys of the SPEC §8 messages (namespace `errors`). A module without imports: the app boot reads
 * them on the first screen without reaching the transport (docs/performance.md "Bundle budget").
 */
/** SPEC §8 general messages. */
export const GENERAL_ERROR_KEYS = {
  /** "An error occurred": something failed and the server/transport said why. */
  error: 'errors:general.error',
  /** "Failed to fetch data": a load failed. */
  fetchFailed: 'errors:general.fetchFailed',
  /** "An unknown error occurred": not an ApiError at all (a bug or an unexpected throw). */
  unknown: 'errors:general.unknown',
} as const;

export const TRANSPORT_ERROR_KEYS = {
  network: 'errors:transport.network',
  timeout: 'errors:transport.timeout',
  cancelled: 'errors:transport.cancelled',
  parse: 'errors:transport.parse',
  authExpired: 'errors:transport.authExpired',
} as const;
