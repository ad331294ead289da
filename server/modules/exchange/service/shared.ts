/** What the exchange use cases share: their dependencies, the stored quote and what this process knows of quotes. */
import type { Currency, ExchangeRate } from '@/shared/contract';
import { ratesFromMid } from '@/shared/money';
import { addSeconds, type Clock } from '../../../clock';
import type { Db } from '../../../db/db';
import { catalogError } from '../../../http/errors';
import type { Monitor } from '../../../monitor';
import type { WalletSettings } from '../../config';
import type { RateBounds, RateProvider } from '../../../adapters/rates';

export interface ExchangeDeps {
  db: Db;
  clock: Clock;
  settings: WalletSettings;
  provider: RateProvider;
  /** The app's log (warnings: a provider failure, an inconsistent stored quote). */
  warn: (msg: string, data?: object) => void;
  /** Absolute bounds of any provider's rate (RATES_MIN_USD_RUB..RATES_MAX_USD_RUB): one outside them is never quoted. */
  rateBounds: RateBounds;
  monitor: Monitor;
  /**
   * The quotes this process has read: a quote's terms never change (only its expiry can be brought forward, which the
   * exchange's statement checks in the database), so an exchange on a known quote needs no read of it (issue #34).
   */
  knownQuotes: Map<string, QuoteRow>;
  /** Creates the FX pool and fee accounts (every shard) on the first exchange of the process (ledger systemShardsOnce). */
  systemAccounts: () => Promise<void>;
}

export interface QuoteRow extends Record<string, unknown> {
  id: string;
  from_currency: Currency;
  to_currency: Currency;
  rate: string;
  mid_rate: string;
  spread_bps: number;
  fee_bps: number;
  market_at: Date;
  created_at: Date;
  expires_at: Date;
}

export const QUOTE_COLUMNS = 'id, from_currency, to_currency, rate, mid_rate, spread_bps, fee_bps, market_at, created_at, expires_at';

export const toExchangeRate = (row: QuoteRow): ExchangeRate => ({
  from: row.from_currency,
  to: row.to_currency,
  rate: row.rate,
  feeBps: row.fee_bps,
  quoteId: row.id,
  expiresAt: row.expires_at.toISOString(),
  updatedAt: row.market_at.toISOString(),
});

/** The rate a quote must carry: its mid rate less its spread, in its direction. */
export const expectedRate = (quote: QuoteRow): string =>
  ratesFromMid(quote.mid_rate, quote.spread_bps)[quote.from_currency === 'USD' ? 'USD_RUB' : 'RUB_USD'];

/** How many quotes a process remembers (two pairs, a new quote per pair every TTL/4 at most: hours of them). */
const KNOWN_QUOTES = 512;

export const rememberQuote = (knownQuotes: Map<string, QuoteRow>, quote: QuoteRow): void => {
  if (knownQuotes.size >= KNOWN_QUOTES) knownQuotes.delete(knownQuotes.keys().next().value!);
  knownQuotes.set(quote.id, quote);
};

/** The oldest market rate money may still move on (the provider's freshness limit; none for the sandbox). */
export const oldestMarketAt = (provider: RateProvider, now: Date): Date => {
  const maxAge = provider.maxAgeSeconds;
  return maxAge === undefined ? new Date(0) : addSeconds(now, -maxAge);
};

export const rateUnavailable = () => catalogError('RATE_UNAVAILABLE', 'Rate unavailable: no exchange rate can be quoted right now. Try again shortly.');
