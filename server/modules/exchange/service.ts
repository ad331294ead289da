import { randomBytes } from 'node:crypto';
import type { Currency, ExchangeRate, ExchangeRates, ExchangeResult } from '@/shared/contract';
import { addSeconds, type Clock } from '../../clock';
import type { Db } from '../../db/db';
import { catalogError, isDomainError } from '../../http/errors';
import { SESSION_COLUMNS, SessionCheckedDb, sessionActsSql, sessionCte } from '../auth';
import {
  accountIds,
  claimedPosting,
  claimedPostingOutcome,
  ensureWalletAccounts,
  findTransactionByKey,
  getSystemAccountShard,
  pickShard,
  postClaimedTransaction,
  postTransaction,
  newTransactionId,
  runLedgerTx,
  UnknownLedgerAccountsError,
  type LedgerTransaction,
} from '../ledger';
import type { InTransactionIdempotency } from '../../http/idempotency';
import type { WalletSettings } from '../config';
import { computeExchange, ratesFromMid } from '@/shared/money';
import type { Monitor } from '../../monitor';
import { refuseRate, type RateBounds } from './rate-bounds';
import { RateProviderUnavailableError, type RateProvider } from './rate-provider';

interface QuoteRow extends Record<string, unknown> {
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

const QUOTE_COLUMNS = 'id, from_currency, to_currency, rate, mid_rate, spread_bps, fee_bps, market_at, created_at, expires_at';

const toExchangeRate = (row: QuoteRow): ExchangeRate => ({
  from: row.from_currency,
  to: row.to_currency,
  rate: row.rate,
  feeBps: row.fee_bps,
  quoteId: row.id,
  expiresAt: row.expires_at.toISOString(),
  updatedAt: row.market_at.toISOString(),
});

/** The rate a quote must carry: its mid rate less its spread, in its direction. */
const expectedRate = (quote: QuoteRow): string =>
  ratesFromMid(quote.mid_rate, quote.spread_bps)[quote.from_currency === 'USD' ? 'USD_RUB' : 'RUB_USD'];

/** How many quotes a process remembers (two pairs, a new quote per pair every TTL/4 at most: hours of them). */
const KNOWN_QUOTES = 512;

const PAIRS: ReadonlyArray<{ from: Currency; to: Currency; key: 'USD_RUB' | 'RUB_USD' }> = [
  { from: 'USD', to: 'RUB', key: 'USD_RUB' },
  { from: 'RUB', to: 'USD', key: 'RUB_USD' },
];

const INSUFFICIENT_FUNDS_FOR_EXCHANGE = 'Insufficient funds for this exchange';

const refuseInsufficient = (error: unknown): never => {
  if (isDomainError(error) && error.code === 'INSUFFICIENT_FUNDS') throw catalogError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_FOR_EXCHANGE);
  throw error;
};

export interface ExchangeInput {
  from: Currency;
  to: Currency;
  amount: number;
  quoteId: string;
}

const rateUnavailable = () => catalogError('RATE_UNAVAILABLE', 'Rate unavailable: no exchange rate can be quoted right now. Try again shortly.');

/**
 * Exchange quotes and USD ⇄ RUB exchanges (docs/api.md "Exchange (quotes)").
 * Quotes are shared by all users and stored; an exchange is one balanced ledger transaction (FX pool and
 * fee account: one shard of each, picked from the request key):
 *
 *   wallet[from]  −amount          fx_pool[from] +(amount − fee)     fee_revenue[from] +fee
 *   wallet[to]    +credited        fx_pool[to]   −credited
 */
export class ExchangeService {
  private systemAccounts?: Promise<void>;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      settings: WalletSettings;
      provider: RateProvider;
      log?: (msg: string, data?: object) => void;
      /** Absolute bounds of any provider's rate (RATES_MIN_USD_RUB..RATES_MAX_USD_RUB): one outside them is never quoted. */
      rateBounds?: RateBounds;
      monitor?: Monitor;
    },
  ) {}

  /** Current quotes for both directions: stored ones while they have enough life left, else fresh ones. */
  async currentRates(): Promise<ExchangeRates> {
    const { db, clock, settings } = this.deps;
    const now = clock.now();
    const fresh = await db.query<QuoteRow>(
      `SELECT DISTINCT ON (from_currency, to_currency) ${QUOTE_COLUMNS} FROM exchange_quotes
       WHERE expires_at >= $1 AND created_at <= $2 AND market_at >= $3
       ORDER BY from_currency, to_currency, expires_at DESC`,
      [addSeconds(now, settings.exchange.quoteMinRemainingSeconds), now, this.oldestMarketAt(now)],
    );
    const byPair = (from: Currency, to: Currency) => fresh.find((row) => row.from_currency === from && row.to_currency === to);
    let rows = PAIRS.map(({ from, to }) => byPair(from, to));
    if (rows.some((row) => !row)) rows = await this.createQuotes(now);
    const quotes = rows as QuoteRow[];
    for (const quote of quotes) this.remember(quote);
    const updatedAt = quotes.reduce((latest, row) => (row.market_at > latest ? row.market_at : latest), quotes[0]!.market_at);
    return { rates: quotes.map(toExchangeRate), updatedAt: updatedAt.toISOString() };
  }

  /**
   * The quotes this process has read: a quote's terms never change (only its expiry can be brought forward, which the
   * exchange's statement checks in the database), so an exchange on a known quote needs no read of it (issue #34).
   */
  private readonly knownQuotes = new Map<string, QuoteRow>();

  private remember(quote: QuoteRow): void {
    if (this.knownQuotes.size >= KNOWN_QUOTES) this.knownQuotes.delete(this.knownQuotes.keys().next().value!);
    this.knownQuotes.set(quote.id, quote);
  }

  /** The oldest market rate money may still move on (the provider's freshness limit; none for the sandbox). */
  private oldestMarketAt(now: Date): Date {
    const maxAge = this.deps.provider.maxAgeSeconds;
    return maxAge === undefined ? new Date(0) : addSeconds(now, -maxAge);
  }

  private async createQuotes(now: Date): Promise<QuoteRow[]> {
    const { db, settings, provider } = this.deps;
    let market: { mid: string; at: Date };
    try {
      market = await provider.midRate();
    } catch (error) {
      if (error instanceof RateProviderUnavailableError) throw rateUnavailable();
      this.deps.log?.('rate provider failed', { error: String(error) });
      throw rateUnavailable();
    }
    // Whatever the provider: a rate outside the absolute bounds is input we refuse, never a quote.
    const refused = this.deps.rateBounds ? refuseRate(market.mid, null, this.deps.rateBounds) : null;
    if (refused) {
      this.deps.monitor?.refused('rates', refused.reason, { mid: market.mid });
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
  }

  /** Makes every quote unusable now (sandbox: the provider went down and withdrew its prices). */
  async retireQuotes(): Promise<number> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db.query('UPDATE exchange_quotes SET expires_at = $1 WHERE expires_at > $1 RETURNING id', [now]);
    return rows.length;
  }

  private ensureSystemAccounts(): Promise<void> {
    this.systemAccounts ??= this.deps.db
      .tx(async (q) => {
        for (let shard = 0; shard < this.deps.settings.hotAccountShards; shard++) {
          for (const currency of ['USD', 'RUB'] as const) {
            await getSystemAccountShard(q, 'fx_pool', currency, shard);
            await getSystemAccountShard(q, 'fee_revenue', currency, shard);
          }
        }
      })
      .catch((error: unknown) => {
        this.systemAccounts = undefined;
        throw error;
      });
    return this.systemAccounts;
  }

  /**
   * One exchange. The ledger key derives from the request's Idempotency-Key, so a replay never moves money twice even
   * past the HTTP idempotency layer. Two paths, one outcome:
   * - the common case (a new key, a live quote, a verified user, enough money) is ONE autocommitted statement: the
   *   Idempotency-Key's claim, already carrying the answer, and the balanced posting (postClaimedTransaction); it
   *   writes everything or nothing. On a quote this process knows (knownQuotes) that statement is the request's only
   *   one: it also checks the session (SessionCheckedDb.queryCheckingSession) and the quote's expiry, and writes
   *   nothing unless both hold (issue #34); on another, the quote is read first, with the session check;
   * - anything else (that statement wrote nothing: the key was taken, the posting was refused, a wallet account is
   *   missing…, or a check failed before it) runs in ONE database transaction that claims the key first (a replay
   *   answers what was stored), checks the quote, and posts (which locks the accounts in id order and refuses
   *   INSUFFICIENT_FUNDS).
   */
  async exchange(
    userId: string,
    idempotencyKey: string,
    input: ExchangeInput,
    idempotency: InTransactionIdempotency<ExchangeResult> | null = null,
    /**
     * The HTTP request's database and session (route()'s ctx.db and ctx.session on a `session: 'with-first-query'`
     * route): the quote read carries the session check, and the session's acceptance runs the endpoint's guards
     * (verified: the contract's `requires`). Default: the service's own database.
     */
    request: { db: Db; session: () => Promise<unknown> } | null = null,
  ): Promise<ExchangeResult> {
    const { clock } = this.deps;
    const db = request?.db ?? this.deps.db;
    await this.ensureSystemAccounts();
    const ledgerKey = `exchange:${userId}:${idempotencyKey}`;
    const known = this.knownQuotes.get(input.quoteId);
    if (idempotency && known && db instanceof SessionCheckedDb && db.firstQueryPending) {
      const now = clock.now();
      const planned = this.quoteProblem(known, input, now) ? null : this.plan(userId, ledgerKey, input, known, now);
      if (planned && !(planned instanceof Error)) {
        const claim = idempotency.answeredClaim(planned.answer, 'go');
        // $1 the user, $2…$9 the quote as this process knows it, $10 now; the claimed posting from $11; the session id last
        // (queryCheckingSession). The quote must still be stored with those terms (a row changed under us, as the
        // consistency check guards against, is left to the path that reads it) and not have expired.
        const { params, ctes, outcome: posted } = claimedPosting(planned.posting, claim.statement, 11);
        const outcome = await claimedPostingOutcome(
          db
            .queryCheckingSession<{ r_transaction_id: string | null }>(
              (session) =>
                `WITH ${sessionCte(session)},
                   go AS (SELECT true AS go FROM session
                          WHERE ${sessionActsSql(1, 10)} AND EXISTS (
                            SELECT 1 FROM exchange_quotes q
                            WHERE q.id = $2 AND (q.from_currency, q.to_currency, q.rate, q.mid_rate, q.spread_bps, q.fee_bps, q.market_at)
                                  = ($3, $4, $5, $6, $7::integer, $8::integer, $9::timestamptz) AND q.expires_at > $10)),
                   ${ctes}
                 SELECT ${SESSION_COLUMNS}, ${posted} FROM session`,
              [userId, known.id, known.from_currency, known.to_currency, known.rate, known.mid_rate, known.spread_bps, known.fee_bps, known.market_at, now, ...params],
            )
            .then((row) => (row ? [row] : [])),
        );
        if (outcome.outcome === 'posted') return claim.committed();
      }
    }
    // Read before the transaction (one round trip with the session check). A quote's terms never change; only its
    // expiry can be brought forward, and that is checked below against this request's time, as before.
    const [quote] = await db.query<QuoteRow>(`SELECT ${QUOTE_COLUMNS} FROM exchange_quotes WHERE id = $1`, [input.quoteId]);
    if (quote) this.remember(quote);
    if (request) await request.session();
    if (idempotency && quote) {
      const now = clock.now();
      const planned = this.quoteProblem(quote, input, now) ? null : this.plan(userId, ledgerKey, input, quote, now);
      if (planned && !(planned instanceof Error)) {
        const claim = idempotency.answeredClaim(planned.answer);
        const posted = await postClaimedTransaction(db, planned.posting, claim.statement);
        if (posted.outcome === 'posted') return claim.committed();
      }
    }
    return runLedgerTx(db, async (q) => {
      // The HTTP Idempotency-Key, claimed in this very transaction: a replay answers what was stored.
      const replay = await idempotency?.claim(q);
      if (replay) return replay;
      const now = clock.now();
      switch (this.quoteProblem(quote, input, now)) {
        case 'mismatch':
          throw catalogError('QUOTE_MISMATCH', 'The quote is unknown or for another currency pair. Fetch the exchange rates again.');
        case 'expired': {
          const done = await findTransactionByKey(q, ledgerKey);
          if (done) return this.replayResult(done, input);
          throw catalogError('QUOTE_EXPIRED', 'The exchange rate has expired. Check the new rate and confirm again.');
        }
        case 'stale': {
          // The market rate behind a still-live quote went past the provider's freshness limit.
          const done = await findTransactionByKey(q, ledgerKey);
          if (done) return this.replayResult(done, input);
          throw rateUnavailable();
        }
        case 'inconsistent':
          this.deps.log?.('exchange quote rate is inconsistent with its mid rate', { quoteId: quote!.id, rate: quote!.rate, expected: expectedRate(quote!) });
          throw catalogError('QUOTE_MISMATCH', 'The quote is inconsistent. Fetch the exchange rates again.');
        case null:
          break;
      }
      const planned = this.plan(userId, ledgerKey, input, quote!, now);
      if (planned instanceof Error) throw planned;
      const { posting, answer } = planned;
      // The answer is stored in the posting's own statement (one round trip for both): the posting locks the hot FX-pool
      // and fee shards, and they are then held only until the commit that follows it (a refusal rolls the stored answer
      // back with everything else).
      const completion = idempotency?.completion(answer);
      const stored = completion ? completion.data : answer;
      let posted;
      try {
        posted = await postTransaction(q, { ...posting, alongside: completion?.statement });
      } catch (error) {
        if (error instanceof UnknownLedgerAccountsError) {
          // The answer was stored with the refused posting (nothing was moved); this one carries the money only.
          await ensureWalletAccounts(q, userId, now);
          posted = await postTransaction(q, posting).catch(refuseInsufficient);
        } else {
          refuseInsufficient(error);
        }
      }
      if (!posted!.replayed) return stored;
      // The ledger already has this exchange (its HTTP record was purged, or a direct call): answer what happened then.
      const replayed = this.replayResult((await findTransactionByKey(q, ledgerKey))!, input);
      return idempotency ? idempotency.complete(q, replayed) : replayed;
    });
  }

  /** Why `quote` cannot be used for `input` at `now` (null: it can). 'expired' and 'stale' may still be a replay. */
  private quoteProblem(quote: QuoteRow | undefined, input: ExchangeInput, now: Date): 'mismatch' | 'expired' | 'stale' | 'inconsistent' | null {
    if (!quote || quote.from_currency !== input.from || quote.to_currency !== input.to) return 'mismatch';
    if (quote.expires_at <= now) return 'expired';
    if (quote.market_at < this.oldestMarketAt(now)) return 'stale';
    return expectedRate(quote) === quote.rate ? null : 'inconsistent';
  }

  /**
   * The figures of an exchange on a usable quote: its ledger posting and its answer, or the refusal of the amount (an
   * Error to throw). The wallet accounts are named, not created: both exist once the user has exchanged or been
   * credited in both currencies; the posting reports a missing one (the `to` wallet of a first exchange) without
   * writing, and it is created then.
   */
  private plan(userId: string, ledgerKey: string, input: ExchangeInput, quote: QuoteRow, now: Date) {
    const { settings } = this.deps;
    const minimum = settings.exchange.minAmounts[input.from];
    if (input.amount < minimum) {
      return catalogError('AMOUNT_BELOW_MINIMUM', `The smallest amount to exchange is ${minimum} minor units of ${input.from}.`);
    }
    const figures = computeExchange(input.amount, quote.fee_bps, quote.rate);
    if (!Number.isSafeInteger(figures.credited)) return catalogError('AMOUNT_ABOVE_MAXIMUM', 'The amount is too large to exchange.');
    // One exchange moves at most the configured amount on either side (EXCHANGE_MAX_USD / EXCHANGE_MAX_RUB).
    const { maxAmounts } = settings.exchange;
    if (figures.debited > maxAmounts[input.from] || figures.credited > maxAmounts[input.to]) {
      const [over, max] = figures.debited > maxAmounts[input.from] ? [input.from, maxAmounts[input.from]] : [input.to, maxAmounts[input.to]];
      return catalogError('AMOUNT_ABOVE_MAXIMUM', `One exchange can move at most ${max} minor units of ${over}.`);
    }
    if (figures.credited <= 0) return catalogError('AMOUNT_BELOW_MINIMUM', 'The amount is too small to receive anything after the fee.');
    const wallets = { USD: accountIds.wallet(userId, 'USD'), RUB: accountIds.wallet(userId, 'RUB') };
    // One shard of the FX pool and of the fee account per exchange: concurrent exchanges rarely queue on one row.
    const shard = pickShard(ledgerKey, settings.hotAccountShards);
    const entries = [
      { accountId: wallets[input.from], amount: -figures.debited },
      { accountId: accountIds.systemShard('fx_pool', input.from, shard), amount: figures.debited - figures.fee },
      { accountId: accountIds.systemShard('fx_pool', input.to, shard), amount: -figures.credited },
      { accountId: wallets[input.to], amount: figures.credited },
    ];
    if (figures.fee > 0) entries.push({ accountId: accountIds.systemShard('fee_revenue', input.from, shard), amount: figures.fee });
    const details = {
      counterAmount: { amount: figures.credited, currency: input.to },
      rate: quote.rate,
      fee: { amount: figures.fee, currency: input.from },
      quoteId: quote.id,
    };
    const transactionId = newTransactionId();
    const posting = {
      type: 'currencyExchange',
      userId,
      idempotencyKey: ledgerKey,
      details,
      entries,
      display: { direction: 'debit', amount: figures.debited, currency: input.from, counterCurrency: input.to },
      now,
      transactionId,
    } as const;
    const answer: ExchangeResult = {
      transactionId,
      debited: { amount: figures.debited, currency: input.from },
      credited: details.counterAmount,
      rate: quote.rate,
      fee: details.fee,
      createdAt: now.toISOString(),
    };
    return { posting, answer };
  }

  /** The answer of an exchange that already happened under this key (the request must be the same). */
  private replayResult(tx: LedgerTransaction, input: ExchangeInput): ExchangeResult {
    const details = tx.details as {
      counterAmount: { amount: number; currency: Currency };
      rate: string;
      fee: { amount: number; currency: Currency };
      quoteId: string;
    };
    if (tx.amount !== input.amount || tx.currency !== input.from || details.counterAmount.currency !== input.to || details.quoteId !== input.quoteId) {
      throw catalogError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different exchange. Use a new key.');
    }
    return {
      transactionId: tx.id,
      debited: { amount: tx.amount, currency: input.from },
      credited: details.counterAmount,
      rate: details.rate,
      fee: details.fee,
      createdAt: tx.createdAt.toISOString(),
    };
  }
}
