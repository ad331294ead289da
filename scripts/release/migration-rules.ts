/**
 * The zero-downtime rules every new migration follows (docs/deploy.md "Zero-downtime migrations"), as checks on its
 * SQL: during a rolling deploy the previous release's processes run on the migrated schema, and a migration must not
 * hold a lock that stops the service. tests/unit/migration-rules.test.ts applies them to every migration file; the
 * files of the releases before the rules existed are listed in RULES_START (they were applied to empty or young
 * databases; 0160's plain CREATE INDEX on jobs is the kind of statement the rules now send to CONCURRENTLY).
 *
 * Expand, then contract: a release only adds (tables, nullable columns or columns with a constant default, indexes
 * built CONCURRENTLY, constraints NOT VALID then VALIDATE). What the previous release still reads or writes is removed
 * (DROP, RENAME, a type change, SET NOT NULL) only in a later release, by a migration that says so in a
 * `-- contract: <what>, unused since <release>` line.
 */
import { NO_TRANSACTION_DIRECTIVE } from '../../server/db/migrate';

/** The migrations released before the rules (as of the first release with them); never judged. */
export const RULES_START: ReadonlySet<string> = new Set([
  '0001_users.sql', '0002_auth.sql', '0003_idempotency.sql', '0004_sandbox_mailbox.sql', '0008_auth_sessions.sql', '0010_ledger.sql',
  '0011_wallet.sql', '0012_wallet_sandbox.sql', '0013_usdt_held_deposits.sql', '0030_jobs.sql', '0031_card_products.sql', '0032_cards.sql',
  '0033_sandbox_card_issuer.sql', '0050_referral_bonuses.sql', '0062_exchange_market_rates.sql', '0075_statement_links.sql',
  '0080_card_lifecycle.sql', '0081_sandbox_card_issuer_lifecycle.sql', '0085_card_controls.sql', '0086_sandbox_card_issuer_controls.sql',
  '0090_account_sessions.sql', '0100_app_lock.sql', '0110_bot_notifications.sql', '0111_sandbox_bot_outbox.sql', '0120_ledger_post.sql',
  '0130_card_topup_accounts.sql', '0140_session_device_names.sql', '0150_ledger_post_claimed.sql', '0160_jobs_claim_order.sql',
]);

const CONTRACT_LINE = /^--\s*contract:\s*\S.*unused since\s+\S+/im;

/** SQL without comments and string literals (so a word in a comment or a text value never trips a rule). */
const code = (sql: string): string =>
  sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, ' $$body$$ ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/\s+/g, ' ');

/** Tables the file itself creates: rules about existing tables do not apply to them. */
const createdTables = (sql: string): Set<string> =>
  new Set([...sql.matchAll(/CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_.]*)/gi)].map((m) => m[1]!.toLowerCase()));

/** What `sql` (the file `name`) does against the rules; empty when it follows them. */
export const migrationRuleProblems = (name: string, sql: string): string[] => {
  const body = code(sql);
  const created = createdTables(body);
  const existing = (table: string) => !created.has(table.toLowerCase());
  const noTransaction = sql.trimStart().startsWith(NO_TRANSACTION_DIRECTIVE);
  const contract = CONTRACT_LINE.test(sql);
  const problems: string[] = [];
  const add = (rule: string) => problems.push(`${name}: ${rule}`);

  if (!contract) {
    if (/\bDROP (?:TABLE|VIEW|FUNCTION|TYPE|SCHEMA)\b/i.test(body) || /\bDROP COLUMN\b/i.test(body)) {
      add('drops what the previous release may still use: a contract step belongs to a later release, with a `-- contract: <what>, unused since <release>` line');
    }
    if (/\bRENAME\b/i.test(body)) add('renames: the previous release still uses the old name; add the new one, move the code, drop the old later (expand, then contract)');
    if (/\bALTER COLUMN [a-z_][a-z0-9_]* (?:SET DATA )?TYPE\b/i.test(body)) add('changes a column type (rewrites the table under a lock, and the previous release expects the old type): add a new column instead');
    if (/\bSET NOT NULL\b/i.test(body)) add('SET NOT NULL scans the table under a lock and breaks inserts of the previous release: add a CHECK (... IS NOT NULL) NOT VALID, VALIDATE it, then set it in a later release');
  }
  for (const m of body.matchAll(/ALTER TABLE (?:ONLY )?(?:IF EXISTS )?([a-z_][a-z0-9_.]*)([^;]*)/gi)) {
    const [table, rest] = [m[1]!, m[2]!];
    if (!existing(table)) continue;
    for (const column of rest.matchAll(/ADD COLUMN (?:IF NOT EXISTS )?[a-z_][a-z0-9_]* ([^,;]*)/gi)) {
      const definition = column[1]!;
      if (/\bNOT NULL\b/i.test(definition) && !/\bDEFAULT\b/i.test(definition)) add(`adds a NOT NULL column without a default to ${table}: the previous release's inserts would fail`);
      if (/\bDEFAULT\b[^,]*\b(?:now|clock_timestamp|random|gen_random_uuid|nextval)\s*\(/i.test(definition)) add(`adds a column with a volatile default to ${table}: the whole table is rewritten under a lock`);
    }
    if (/ADD (?:CONSTRAINT [a-z_][a-z0-9_]* )?(?:FOREIGN KEY|CHECK)\b/i.test(rest) && !/\bNOT VALID\b/i.test(rest)) {
      add(`adds a constraint to ${table} without NOT VALID (checks every row under a lock): add it NOT VALID, then VALIDATE CONSTRAINT`);
    }
    if (/ADD (?:CONSTRAINT [a-z_][a-z0-9_]* )?(?:UNIQUE|PRIMARY KEY)\b/i.test(rest) && !/\bUSING INDEX\b/i.test(rest)) {
      add(`adds a UNIQUE/PRIMARY KEY constraint to ${table} (builds its index under a lock): CREATE UNIQUE INDEX CONCURRENTLY, then ADD CONSTRAINT … USING INDEX`);
    }
  }
  for (const m of body.matchAll(/CREATE (?:UNIQUE )?INDEX (CONCURRENTLY )?(?:IF NOT EXISTS )?[a-z_][a-z0-9_]* ON (?:ONLY )?([a-z_][a-z0-9_.]*)/gi)) {
    if (existing(m[2]!) && !m[1]) add(`builds an index on ${m[2]} without CONCURRENTLY (blocks its writes while it builds): CREATE INDEX CONCURRENTLY in a file starting with "${NO_TRANSACTION_DIRECTIVE}"`);
  }
  if (/\bCONCURRENTLY\b/i.test(body) && !noTransaction) add(`uses CONCURRENTLY, which cannot run in a transaction: start the file with "${NO_TRANSACTION_DIRECTIVE}"`);
  if (noTransaction && body.split(';').filter((statement) => statement.trim()).length > 1) add('a no-transaction migration holds one statement (PostgreSQL refuses CONCURRENTLY in a string of several): split it');
  if (/\bLOCK TABLE\b|\bVACUUM FULL\b|\bCLUSTER\b/i.test(body)) add('takes an exclusive lock on purpose (LOCK TABLE, VACUUM FULL, CLUSTER): not in a migration');
  return problems;
};
