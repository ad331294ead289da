/**
 * USD ⇄ RUB exchanges (docs/api.md "Exchange (quotes)"): one balanced ledger transaction on a stored quote (FX pool and
 * fee account: one shard of each, picked from the request key):
 *
 *   wallet[from]  −amount          fx_pool[from] +(amount − fee)     fee_revenue[from] +fee
 *   wallet[to]    +credited        fx_pool[to]   −credited
 */
import type { Currency, ExchangeResult } from '@/shared/contract';
import { computeExchange } from '@/shared/money';
import type { AuthContext } from '../../../http/context';
import { catalogError, isDomainError } from '../../../http/errors';
import type { InTransactionIdempotency } from '../../../http/idempotency';
import { SESSION_COLUMNS, SessionCheckedDb, sessionActsSql, sessionCte } from '../../auth';
import {
  accountIds,
  claimedPosting,
  claimedPostingOutcome,
  ensureWalletAccounts,
  findTransactionByKey,
  newTransactionId,
  pickShard,
  postClaimedTransaction,
  postTransaction,
  runLedgerTx,
  UnknownLedgerAccountsError,
  type LedgerTransaction,
} from '../../ledger';
import type { WalletSettings } from '../../config';
import { expectedRate, oldestMarketAt, QUOTE_COLUMNS, rateUnavailable, rememberQuote, type ExchangeDeps, type QuoteRow } from './shared';
import type { RateProvider } from '../../../adapters/rates';

const INSUFFICIENT_FUNDS_FOR_EXCHANGE = 'Insufficient funds for this exchange';

const refuseInsufficient = (error: unknown): never => {
  if (isDomainError(error) && error.code === 'INSUFFICIENT_FUNDS') throw catalogError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_FOR_EXCHANGE);
  throw error;
};

interface ExchangeInput {
  from: Currency;
  to: Currency;
  amount: number;
  quoteId: string;
}

/** One exchange as its use case sees it: the module's deps and what it needs of the request (route()'s context). */
type ExchangeRequest = ExchangeDeps & {
  user: Pick<AuthContext, 'userId'>;
  idempotencyKey: string;
  body: ExchangeInput;
  /** The Idempotency-Key claimed in the exchange's own transaction (route() `idempotency: 'in-transaction'`); null: none. */
  idempotency: InTransactionIdempotency<ExchangeResult> | null;
  /**
   * The request's session (route()'s ctx.session; on a `session: 'with-first-query'` route ctx.db's first query — the
   * quote read — carries its check, and its acceptance runs the endpoint's guards: verified).
   */
  session: () => Promise<unknown>;
};

/** Why `quote` cannot be used for `input` at `now` (null: it can). 'expired' and 'stale' may still be a replay. */
const quoteProblem = (
  provider: RateProvider,
  quote: QuoteRow | undefined,
  input: ExchangeInput,
  now: Date,
): 'mismatch' | 'expired' | 'stale' | 'inconsistent' | null => {
  if (!quote || quote.from_currency !== input.from || quote.to_currency !== input.to) return 'mismatch';
  if (quote.expires_at <= now) return 'expired';
  if (quote.market_at < oldestMarketAt(provider, now)) return 'stale';
  return expectedRate(quote) === quote.rate ? null : 'inconsistent';
};

/**
 * The figures of an exchange on a usable quote: its ledger posting and its answer, or the refusal of the amount (an
 * Error to throw). The wallet accounts are named, not created: both exist once the user has exchanged or been
 * credited in both currencies; the posting reports a missing one (the `to` wallet of a first exchange) without
 * writing, and it is created then.
 */
const plan = (settings: WalletSettings, userId: string, ledgerKey: string, input: ExchangeInput, quote: QuoteRow, now: Date) => {
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
};

/** The answer of an exchange that already happened under this key (the request must be the same). */
const replayResult = (tx: LedgerTransaction, input: ExchangeInput): ExchangeResult => {
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
};

/**
 * POST /api/wallet/exchange. The ledger key derives from the request's Idempotency-Key, so a replay never moves money
 * twice even past the HTTP idempotency layer. Two paths, one outcome:
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
export const exchangeCurrency = async (ctx: ExchangeRequest): Promise<ExchangeResult> => {
  const { db, clock, settings, provider, knownQuotes, idempotency, body: input } = ctx;
  const { userId } = ctx.user;
  await ctx.systemAccounts();
  const ledgerKey = `exchange:${userId}:${ctx.idempotencyKey}`;
  const known = knownQuotes.get(input.quoteId);
  if (idempotency && known && db instanceof SessionCheckedDb && db.firstQueryPending) {
    const now = clock.now();
    const planned = quoteProblem(provider, known, input, now) ? null : plan(settings, userId, ledgerKey, input, known, now);
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
  if (quote) rememberQuote(knownQuotes, quote);
  await ctx.session();
  if (idempotency && quote) {
    const now = clock.now();
    const planned = quoteProblem(provider, quote, input, now) ? null : plan(settings, userId, ledgerKey, input, quote, now);
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
    switch (quoteProblem(provider, quote, input, now)) {
      case 'mismatch':
        throw catalogError('QUOTE_MISMATCH', 'The quote is unknown or for another currency pair. Fetch the exchange rates again.');
      case 'expired': {
        const done = await findTransactionByKey(q, ledgerKey);
        if (done) return replayResult(done, input);
        throw catalogError('QUOTE_EXPIRED', 'The exchange rate has expired. Check the new rate and confirm again.');
      }
      case 'stale': {
        // The market rate behind a still-live quote went past the provider's freshness limit.
        const done = await findTransactionByKey(q, ledgerKey);
        if (done) return replayResult(done, input);
        throw rateUnavailable();
      }
      case 'inconsistent':
        ctx.warn('exchange quote rate is inconsistent with its mid rate', { quoteId: quote!.id, rate: quote!.rate, expected: expectedRate(quote!) });
        throw catalogError('QUOTE_MISMATCH', 'The quote is inconsistent. Fetch the exchange rates again.');
      case null:
        break;
    }
    const planned = plan(settings, userId, ledgerKey, input, quote!, now);
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
    const replayed = replayResult((await findTransactionByKey(q, ledgerKey))!, input);
    return idempotency ? idempotency.complete(q, replayed) : replayed;
  });
};
