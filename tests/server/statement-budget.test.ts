/**
 * Issue #13: the database work of the hot operations is held to a budget, so a change that adds a round trip to a wallet
 * read or a statement to a money write fails here instead of showing up later as a slower benchmark. Counts, not
 * timings (scripts/bench/statement-operations.ts counts; `npm run bench:statements` prints the same table by phase).
 * An operation that gets cheaper passes; lower its budget here in the same change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Counts } from '../../scripts/bench/statement-counter';
import { measureOperationStatements, type OperationStatements } from '../../scripts/bench/statement-operations';

/**
 * statements / transactions / round trips of the app, end to end (the request, its jobs and the issuer's events). The
 * sandbox issuer's own steps stand in for the outside issuer (none of its work is the app's database work in production)
 * and are not counted: its books for reconciliation (issue #32) must not hide an added app statement.
 */
const BUDGET: Record<string, Counts> = {
  'card top-up': { statements: 15, transactions: 5, roundTrips: 19 },
  // The session check and the quote's expiry ride in the exchange's one statement (a quote the process has seen).
  exchange: { statements: 1, transactions: 1, roundTrips: 1 },
  // The session check rides in the read's own statement (route(..., { session: 'with-first-query' })).
  'wallet read': { statements: 1, transactions: 0, roundTrips: 1 },
  'cards list': { statements: 1, transactions: 0, roundTrips: 1 },
};

/** The sandbox issuer's steps (server/sandbox/card-issuer.ts), a phase of their own in the measurement. */
const SANDBOX_ISSUER_PHASE = 'job cardIssuer.sandbox.step';

let measured: OperationStatements;
beforeAll(async () => {
  measured = await measureOperationStatements(process.env.DATABASE_URL);
}, 120_000);

describe('statements per operation stay within the budget', () => {
  it.each(Object.entries(BUDGET))('%s', (name, budget) => {
    const operation = measured.operations.find((op) => op.name === name);
    expect(operation, name).toBeDefined();
    const { phases } = operation!;
    const total: Counts = { statements: 0, transactions: 0, roundTrips: 0 };
    for (const [phase, counts] of phases) {
      if (phase.startsWith(SANDBOX_ISSUER_PHASE)) continue;
      total.statements += counts.statements;
      total.transactions += counts.transactions;
      total.roundTrips += counts.roundTrips;
    }
    const detail = JSON.stringify(Object.fromEntries(phases));
    // On PostgreSQL the global per-IP rate limit counts API requests in the database, across processes (issue #33,
    // server/http/rate-limit-store.ts): in batches, one upsert for every key each 200 ms (issue #34), which may land
    // in an operation's count; never more than one per operation here, far below the limit.
    const limiter = measured.kind === 'postgres' ? 1 : 0;
    expect(total.statements, `${name} statements: ${detail}`).toBeLessThanOrEqual(budget.statements + limiter);
    expect(total.transactions, `${name} transactions: ${detail}`).toBeLessThanOrEqual(budget.transactions + limiter);
    expect(total.roundTrips, `${name} round trips: ${detail}`).toBeLessThanOrEqual(budget.roundTrips + limiter);
  });
});
