/**
 * Configuration of the exchange-rate provider (docs/server.md "Exchange rates"): RATES_PROVIDER picks it; the CBR
 * provider's URL, refresh, retry, freshness limit and timeout. Spread and fee are the exchange's own settings
 * (EXCHANGE_SPREAD_BPS, EXCHANGE_FEE_BPS in server/modules/config/settings.ts).
 */
import * as z from 'zod/mini';
import { AdapterConfigError, choiceVar, choose, intVar, parseSection, trimmedEnv, type AdapterChoice, type Env, type SectionContext } from '../section';

export const RATES_PROVIDERS = ['sandbox', 'cbr', 'none'] as const;
export type RatesProviderName = (typeof RATES_PROVIDERS)[number];

/** The official daily document of the Central Bank of Russia (windows-1251 XML). */
export const CBR_DAILY_URL = 'https://www.cbr.ru/scripts/XML_daily.asp';

export interface RatesConfig extends AdapterChoice<RatesProviderName> {
  cbr: {
    url: string;
    /** A stored rate older than this is fetched again (on the next quote that needs the market rate). */
    refreshSeconds: number;
    /** After a failed fetch, no process tries again for this long (the last good rate keeps serving). */
    retrySeconds: number;
    /** Quotes and exchanges are refused ("Rate unavailable") when the last good fetch is older than this. */
    maxAgeSeconds: number;
    timeoutMs: number;
  };
}

const NAMES = ['RATES_PROVIDER', 'CBR_RATES_URL', 'RATES_REFRESH_SECONDS', 'RATES_RETRY_SECONDS', 'RATES_MAX_AGE_SECONDS', 'RATES_FETCH_TIMEOUT_MS'] as const;

const Schema = z.object({
  RATES_PROVIDER: choiceVar('RATES_PROVIDER', RATES_PROVIDERS),
  CBR_RATES_URL: z.optional(z.url({ protocol: /^https?$/, error: 'CBR_RATES_URL must be an http(s) URL' })),
  RATES_REFRESH_SECONDS: intVar('RATES_REFRESH_SECONDS', 60, 86_400),
  RATES_RETRY_SECONDS: intVar('RATES_RETRY_SECONDS', 5, 86_400),
  RATES_MAX_AGE_SECONDS: intVar('RATES_MAX_AGE_SECONDS', 600, 30 * 86_400),
  RATES_FETCH_TIMEOUT_MS: intVar('RATES_FETCH_TIMEOUT_MS', 100, 60_000),
});

export const loadRatesConfig = (env: Env, ctx: SectionContext): RatesConfig => {
  const raw = parseSection(Schema, trimmedEnv(env, NAMES));
  const cbr = {
    url: raw.CBR_RATES_URL ?? CBR_DAILY_URL,
    refreshSeconds: raw.RATES_REFRESH_SECONDS ?? 3600,
    retrySeconds: raw.RATES_RETRY_SECONDS ?? 60,
    maxAgeSeconds: raw.RATES_MAX_AGE_SECONDS ?? 86_400,
    timeoutMs: raw.RATES_FETCH_TIMEOUT_MS ?? 5000,
  };
  if (cbr.maxAgeSeconds <= cbr.refreshSeconds) {
    throw new AdapterConfigError('RATES_MAX_AGE_SECONDS must be larger than RATES_REFRESH_SECONDS');
  }
  return { ...choose('RATES_PROVIDER', raw.RATES_PROVIDER, ctx, ctx.sandbox ? 'sandbox' : 'none'), cbr };
};

export const ratesProductionProblems = (config: RatesConfig): string[] =>
  config.adapter === 'cbr'
    ? []
    : [
        config.adapter === 'sandbox'
          ? 'RATES_PROVIDER=sandbox is a simulated market: set RATES_PROVIDER=cbr (the Central Bank of Russia daily USD/RUB rate)'
          : config.explicit
            ? []
            : 'RATES_PROVIDER is required: set RATES_PROVIDER=cbr (the Central Bank of Russia daily USD/RUB rate), or RATES_PROVIDER=none to run without exchange',
      ].flat();
