/**
 * `npm run bench:statements`: how many SQL statements, transactions and round trips ONE operation costs, end to end,
 * split by phase (scripts/bench/statement-operations.ts says what is counted and how). Deterministic: counts, not
 * timings (issue 13). tests/server/statement-budget.test.ts holds the totals to a budget.
 *
 *   npm run bench:statements                       # a fresh embedded PGlite
 *   DATABASE_URL=postgres://… npm run bench:statements   # a new database on that cluster, dropped at the end
 *   BENCH_SQL=1 npm run bench:statements           # also prints every counted statement, by phase
 */
import { measureOperationStatements } from './statement-operations';

const main = async () => {
  const { kind, operations } = await measureOperationStatements(process.env.DATABASE_URL);
  if (process.env.BENCH_SQL === '1') {
    for (const { name, log } of operations) {
      console.log(`\n## ${name}`);
      for (const [phase, lines] of log) console.log(`  ${phase}\n${lines.map((l) => `    ${l}`).join('\n')}`);
    }
  }
  const rows: string[][] = [['Operation', 'Phase', 'Statements', 'Transactions', 'Round trips']];
  for (const { name, phases, total } of operations) {
    for (const [phase, c] of phases) rows.push([name, phase, String(c.statements), String(c.transactions), String(c.roundTrips)]);
    rows.push([name, '**total**', `**${total.statements}**`, `**${total.transactions}**`, `**${total.roundTrips}**`]);
  }
  console.log(`\nStatements per operation, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (scripts/bench/statements.ts)\n`);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(line(rows[0]!));
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const r of rows.slice(1)) console.log(line(r));
};

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
