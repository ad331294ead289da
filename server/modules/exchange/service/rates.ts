/** Exchange quotes (docs/api.md "Exchange (quotes)"): shared by all users and stored, fresh ones made from the provider's rate. */
import { randomBytes } from 'node:crypto';
import type { configExchangeRates, Currency, ExchangeRates } from '@/shared/contract';
import { ratesFromMid } from '@/shared/money';
import { addSeconds, type Clock } from '../../../clock';
import type { Db } from '../../../db/db';
import type { RequestContext } from '../../../http/route';
import { refuseRate, RateProviderUnavailableError } from '../../../adapters/rates';
import { oldestMarketAt, QUOTE_COLUMNS, rateUnavailable, rememberQuote, toExchangeRate, type ExchangeDeps, type QuoteRow } from './shared';

const PAIRS: ReadonlyArray<{ from: Currency; to: Currency; key: 'USD_RUB' | 'RUB_USD' }> = [
  { from: 'USD', to: 'RUB', key: 'USD_RUB' },
  { from: 'RUB', to: 'USD', key: 'RUB_USD' },
];

const createQuotes = async ({ db, settings, provider, warn, rateBounds, monitor }: ExchangeDeps, now: Date): Promise<QuoteRow[]> => {
  let market: { mid: string; at: Date };
  try {
    market = await provider.midRate();
  } catch (error) {
    if (error instanceof RateProviderUnavailableError) throw rateUnavailable();
    warn('rate provider failed', { error: String(error) });
    throw rateUnavailable();
  }
  // Whatever the provider: a rate outside the absolute bounds is input we refuse, never a quote.
  const refused = refuseRate(market.mid, null, rateBounds);
  if (refused) {
    monitor.refused('rates', refused.reason, { mid: market.mid });
    throw rateUnavailable();
  }
  const { spreadBps, feeBps, quoteTtlSeconds } = settings.exchange;
  const rates = ratesFromMid(market.mid, spreadBps);
  const expiresAt = addSeconds(now, quoteTtlSeconds);
  const rows: QuoteRow[] = [];
  for (const { from, to, key } of PAIRS) {
    const [row] = await db.query<QuoteRow>(
      `INSERT INTO exchange_quotes (id, from_currency, to_currency, rate, mid_rate, spread_bps, fee_bps, market_at, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${QUOTE_COLUMNS}`,
      [`qte_${randomBytes(12).toString('base64url')}`, from, to, rates[key], market.mid, spreadBps, feeBps, market.at, now, expiresAt],
    );
    rows.push(row!);
  }
  return rows;
};

/** GET /api/config/exchange-rates: quotes for both directions, stored ones while they have enough life left, else fresh ones. */
export const currentRates = async (ctx: RequestContext<typeof configExchangeRates, ExchangeDeps>): Promise<ExchangeRates> => {
  const { db, clock, settings, provider, knownQuotes } = ctx;
  const now = clock.now();
  const fresh = await db.query<QuoteRow>(
    `SELECT DISTINCT ON (from_currency, to_currency) ${QUOTE_COLUMNS} FROM exchange_quotes
     WHERE expires_at >= $1 AND created_at <= $2 AND market_at >= $3
     ORDER BY from_currency, to_currency, expires_at DESC`,
    [addSeconds(now, settings.exchange.quoteMinRemainingSeconds), now, oldestMarketAt(provider, now)],
  );
  const byPair = (from: Currency, to: Currency) => fresh.find((row) => row.from_currency === from && row.to_currency === to);
  let rows = PAIRS.map(({ from, to }) => byPair(from, to));
  if (rows.some((row) => !row)) rows = await createQuotes(ctx, now);
  const quotes = rows as QuoteRow[];
  for (const quote of quotes) rememberQuote(knownQuotes, quote);
  const updatedAt = quotes.reduce((latest, row) => (row.market_at > latest ? row.market_at : latest), quotes[0]!.market_at);
  return { rates: quotes.map(toExchangeRate), updatedAt: updatedAt.toISOString() };
};

/** Makes every quote unusable now (sandbox: the provider went down and withdrew its prices). */
export const retireQuotes = async (db: Db, clock: Clock): Promise<number> => {
  const now = clock.now();
  const rows = await db.query('UPDATE exchange_quotes SET expires_at = $1 WHERE expires_at > $1 RETURNING id', [now]);
  return rows.length;
};
