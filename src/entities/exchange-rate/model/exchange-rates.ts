/**
 * Exchange quotes (GET /api/config/exchange-rates): one per direction, each valid until its `expiresAt`.
 * docs/api.md "Exchange (quotes)": this data must not ride the 5-minute cache freshness, so whoever shows a
 * quote asks for a fresh one with `exchangeRatesRefetchRequested` when it expires.
 */
import { createEvent, sample } from 'effector';
import { createApiQuery, createRefetch, errorMessageOf, queryState } from '@/shared/api';
import { configExchangeRates, type ExchangeRate } from '@/shared/contract';

const exchangeRatesQuery = createApiQuery(configExchangeRates);

/** Load the quotes (the cached copy when fresh: fine for estimates, not for an exchange). */
export const exchangeRatesRequested = createEvent();
/** Fetch new quotes from the server now (a quote expired, QUOTE_EXPIRED, the exchange sheet opened). */
export const exchangeRatesRefetchRequested = createEvent();
const exchangeRatesRefetch = createRefetch(exchangeRatesQuery, 'config.exchangeRates');

export const $exchangeRates = exchangeRatesQuery.$data.map((data): ExchangeRate[] | null => data?.rates ?? null);
const $exchangeRatesState = queryState(exchangeRatesQuery);
export const $exchangeRatesPending = exchangeRatesQuery.$pending;
const $exchangeRatesError = errorMessageOf(exchangeRatesQuery, 'errors:general.fetchFailed');

// A load asked for while one is in flight joins it (a restart would abort it and send the same request again).
sample({ clock: exchangeRatesRequested, filter: exchangeRatesQuery.$pending.map((pending) => !pending), fn: () => undefined, target: exchangeRatesQuery.start });
sample({ clock: exchangeRatesRefetchRequested, fn: () => undefined, target: exchangeRatesRefetch });
