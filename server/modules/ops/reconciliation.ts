/**
 * Reconciliation (docs/ops.md "Reconciliation"): the ledger against the outside world, once a day (a job the
 * housekeeping of every process enqueues, once per UTC day across processes) or when an admin asks:
 * - `usdt` (micro-USDT): what reached the deposit address by our books (credited deposits and parked transfers, which
 *   stay there until returned) against its USDT balance on chain (the TRON adapter);
 * - `cards.<currency>` (minor units): our card accounts against what the card issuer holds for the program;
 * - `sbp` (RUB kopecks): the SBP top-ups our ledger credited (the SBP clearing account) against what the acquirer
 *   settled.
 * A difference is flagged (status `mismatch`) in the console and exported as `reconciliation_difference`; a side that
 * cannot be asked is `unavailable`. The ledger's own audit rides along (`ledgerOk`).
 */
import { randomBytes } from 'node:crypto';
import type { Currency } from '@/shared/contract/core';
import type { opsReconciliationList, opsReconciliationRun, ReconciliationCheck, ReconciliationReport } from '@/shared/contract/ops';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { enqueueJob } from '../../jobs';
import { checkLedger, systemAccountBalance } from '../ledger';
import type { Adapters } from '../module';
import { actorOf, writeAudit } from './audit';
import { decodeCursor, encodeCursor } from './cursor';
import type { OpsRequest } from './shared';

export const RECONCILE_JOB = 'ops.reconcile';

export interface ReconciliationDeps {
  db: Db;
  clock: Clock;
  adapters: Adapters;
  depositAddress: string;
}

const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** One check: both sides, or `unavailable` with why when the outside cannot be asked. */
const check = async (name: string, unit: string, ours: number, theirs: () => Promise<number | null>): Promise<ReconciliationCheck> => {
  try {
    const value = await theirs();
    if (value === null) return { check: name, unit, ours, theirs: null, difference: null, status: 'unavailable', note: 'not integrated' };
    const difference = value - ours;
    return { check: name, unit, ours, theirs: value, difference, status: difference === 0 ? 'ok' : 'mismatch', note: null };
  } catch (error) {
    return { check: name, unit, ours, theirs: null, difference: null, status: 'unavailable', note: (error instanceof Error ? error.message : String(error)).slice(0, 200) };
  }
};

const sumOf = async (q: Queryable, sql: string, params: unknown[] = []): Promise<number> =>
  Number((await q.query<{ total: number }>(sql, params as never[]))[0]?.total ?? 0);

/** Runs the checks now and stores the report (`runBy`: the admin who asked; null for the daily job). */
export const runReconciliation = async ({ db, clock, adapters, depositAddress }: ReconciliationDeps, runBy: string | null): Promise<ReconciliationReport> => {
  const usdtOurs =
    (await sumOf(db, 'SELECT coalesce(sum(amount_micro), 0)::bigint AS total FROM usdt_deposits')) +
    (await sumOf(db, 'SELECT coalesce(sum(amount_micro), 0)::bigint AS total FROM unmatched_deposits'));
  const checks: ReconciliationCheck[] = [
    await check('usdt', 'micro-USDT', usdtOurs, async () => (adapters.tronSource ? adapters.tronSource.holdings(depositAddress) : null)),
  ];
  const issuer = adapters.cardIssuer;
  let issuerHoldings: Map<Currency, number> | null | Error = null;
  try {
    issuerHoldings = issuer?.available ? new Map((await issuer.programBalance()).map((h) => [h.currency, h.amount])) : null;
  } catch (error) {
    issuerHoldings = error instanceof Error ? error : new Error(String(error));
  }
  for (const currency of ['USD', 'RUB'] as const) {
    const ours = await sumOf(db, `SELECT coalesce(sum(balance), 0)::bigint AS total FROM ledger_accounts WHERE kind = 'card' AND currency = $1`, [currency]);
    checks.push(
      await check(`cards.${currency}`, currency, ours, async () => {
        if (issuerHoldings instanceof Error) throw issuerHoldings;
        return issuerHoldings === null ? null : (issuerHoldings.get(currency) ?? 0);
      }),
    );
  }
  const sbpOurs = -(await systemAccountBalance(db, 'sbp_clearing', 'RUB'));
  checks.push(await check('sbp', 'RUB', sbpOurs, async () => (adapters.sbpAcquirer ? adapters.sbpAcquirer.settledTotal() : null)));

  const ledgerOk = (await checkLedger(db)).ok;
  const status = checks.some((c) => c.status === 'mismatch') || !ledgerOk ? 'mismatch' : checks.some((c) => c.status === 'unavailable') ? 'unavailable' : 'ok';
  const now = clock.now();
  const report: ReconciliationReport = { id: `rec_${randomBytes(12).toString('base64url')}`, day: dayOf(now), ranAt: now.toISOString(), status, checks, ledgerOk };
  await db.query(
    `INSERT INTO reconciliation_reports (id, day, ran_at, status, checks, ledger_ok, run_by) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [report.id, report.day, now, status, JSON.stringify(checks), ledgerOk, runBy],
  );
  return report;
};

/** Enqueues today's reconciliation once across every process (the housekeeping pass of each calls it hourly). */
export const scheduleDailyReconciliation = async (db: Db, clock: Clock): Promise<void> => {
  const day = dayOf(clock.now());
  await enqueueJob(db, { kind: RECONCILE_JOB, payload: { day }, dedupeKey: `${RECONCILE_JOB}:${day}`, maxAttempts: 5 });
};

interface ReportRow extends Record<string, unknown> {
  id: string;
  seq: string;
  day: Date | string;
  ran_at: Date;
  status: ReconciliationReport['status'];
  checks: ReconciliationCheck[];
  ledger_ok: boolean;
}
const toReport = (row: ReportRow): ReconciliationReport => ({
  id: row.id,
  day: typeof row.day === 'string' ? row.day.slice(0, 10) : row.day.toISOString().slice(0, 10),
  ranAt: row.ran_at.toISOString(),
  status: row.status,
  checks: row.checks,
  ledgerOk: row.ledger_ok,
});

export const listReconciliations = async ({ db, query }: OpsRequest<typeof opsReconciliationList>) => {
  const limit = query.limit ?? 30;
  const before = query.cursor ? decodeCursor(query.cursor, (key) => /^\d{1,18}$/.exec(key)) : null;
  const rows = await db.query<ReportRow>(
    `SELECT id, seq::text AS seq, day::text AS day, ran_at, status, checks, ledger_ok FROM reconciliation_reports
     WHERE ($1::bigint IS NULL OR seq < $1::bigint) ORDER BY seq DESC LIMIT $2`,
    [before?.[0] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map(toReport),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.seq) : null,
  };
};

export const runReconciliationNow = async (ctx: OpsRequest<typeof opsReconciliationRun>) => {
  const actor = actorOf(ctx);
  const report = await runReconciliation(ctx, actor.operatorId);
  await writeAudit(ctx.db, actor, { action: 'reconciliation.run', targetType: 'reconciliation', targetId: report.id, after: { status: report.status } });
  return report;
};
