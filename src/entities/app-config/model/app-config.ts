/**
 * Runtime configuration (GET /api/config): deposit address and limits, SBP limits, exchange minimums, support
 * contacts. Values SPEC §9 leaves "not shown" come from here, never from client constants. docs/api.md "Config".
 */
import { createEvent, sample } from 'effector';
import { createApiQuery, errorMessageOf, queryState } from '@/shared/api';
import { configGet, type AppConfig, type Currency, type Money } from '@/shared/contract';

const appConfigQuery = createApiQuery(configGet);

/** Load the configuration (cached). */
export const appConfigRequested = createEvent();

export const $appConfig = appConfigQuery.$data;
export const $appConfigState = queryState(appConfigQuery);
const $appConfigError = errorMessageOf(appConfigQuery, 'errors:general.fetchFailed');

export const $usdtConfig = $appConfig.map((config): AppConfig['usdt'] | null => config?.usdt ?? null);
export const $sbpConfig = $appConfig.map((config): AppConfig['sbp'] | null => config?.sbp ?? null);
export const $exchangeConfig = $appConfig.map((config): AppConfig['exchange'] | null => config?.exchange ?? null);
export const $supportContact = $appConfig.map((config): AppConfig['support'] | null => config?.support ?? null);

/** The smallest exchange amount for a source currency (null when the config has none). */
export const exchangeMinimumOf = (config: AppConfig['exchange'] | null, currency: Currency): Money | null =>
  config?.minAmounts.find((money) => money.currency === currency) ?? null;

// A load asked for while one is in flight joins it (a restart would abort it and send the same request again).
sample({ clock: appConfigRequested, filter: appConfigQuery.$pending.map((pending) => !pending), fn: () => undefined, target: appConfigQuery.start });
