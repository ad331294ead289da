/**
 * Tests only: puts a used test database back into the state of the migrated template it was copied from, so that the
 * next test can take it instead of a new copy (a PGlite copy costs ~1–2 s of CPU, a PostgreSQL `CREATE DATABASE …
 * TEMPLATE` ~0.7 s; a reset ~0.1 s). Used by the PGlite `memory://` test databases (memory-template.ts) and by the
 * PostgreSQL test databases of a throwaway cluster (tests/server/harness.ts).
 *
 * What "the template's state" covers, and how a reset restores it:
 * - the data: every table with rows is emptied (DELETE, with the triggers off for that transaction: the ones that
 *   keep the ledger append-only and the foreign keys' checks; then VACUUM), and the tables the migrations seed get
 *   their rows back as they were in the template;
 * - every sequence's position, as in the template;
 * - the schema: a fingerprint of the catalog (schemas, tables and columns, defaults, constraints, indexes, triggers and
 *   whether they are enabled, functions and their bodies, types, rules, policies, extensions, database settings).
 *   A database whose fingerprint differs from the template's (a test added a trigger to inject a failure, say) is
 *   never reset: the caller closes or drops it and makes a new copy;
 * - the session (PGlite: one session for everything): `DISCARD ALL` drops prepared statements, temporary tables,
 *   session settings, advisory locks and LISTENs. A session left inside a transaction is not reused.
 * Not covered, and no test may depend on them: planner statistics, object ids handed out later, cluster-wide objects
 * (roles).
 */

type Row = Record<string, unknown>;
/** Runs one statement on the database being reset (one session; `params` as $1…). */
export type ResetSql = (text: string, params?: unknown[]) => Promise<Row[]>;

/** The state of a freshly copied template, taken once per process, before any test wrote to it. */
export interface TemplateState {
  fingerprint: string;
  /** Every table (schema-qualified, quoted), for the emptiness probe. */
  tables: string[];
  /** Tables with rows in the template: their columns (no generated ones) and rows as JSON. */
  seeds: { table: string; columns: string[]; rows: string }[];
  /** Every sequence and where it stood: `called` false means nextval() gives `value`. */
  sequences: { sequence: string; value: string; called: boolean }[];
}

const USER_NAMESPACE = (alias: string) => `${alias}.nspname NOT LIKE 'pg\\_%' AND ${alias}.nspname <> 'information_schema'`;

/** One md5 over the catalog rows a DDL statement changes (ids included: a dropped and re-created object differs). */
const FINGERPRINT_SQL = `SELECT md5(string_agg(item, ',' ORDER BY item)) AS fingerprint FROM (
  SELECT concat_ws('|', 'n', n.oid, n.nspname) AS item FROM pg_namespace n WHERE ${USER_NAMESPACE('n')}
  UNION ALL SELECT concat_ws('|', 'c', c.oid, c.relname, c.relkind, c.relnatts, c.relhastriggers, c.relrowsecurity, c.relpersistence, coalesce(c.reloptions::text, '')) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_NAMESPACE('n')}
  UNION ALL SELECT concat_ws('|', 'a', a.attrelid, a.attnum, a.attname, a.atttypid, a.atttypmod, a.attnotnull, a.attisdropped, a.atthasdef, a.attgenerated, a.attidentity) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE a.attnum > 0 AND ${USER_NAMESPACE('n')}
  UNION ALL SELECT concat_ws('|', 'd', d.oid, md5(pg_get_expr(d.adbin, d.adrelid))) FROM pg_attrdef d
  UNION ALL SELECT concat_ws('|', 'k', k.oid, k.conname, k.convalidated, k.condeferrable, k.condeferred) FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE ${USER_NAMESPACE('n')}
  UNION ALL SELECT concat_ws('|', 'i', i.indexrelid, i.indisvalid, i.indisready) FROM pg_index i
  UNION ALL SELECT concat_ws('|', 't', t.oid, t.tgname, t.tgenabled) FROM pg_trigger t
  UNION ALL SELECT concat_ws('|', 'p', p.oid, p.proname, md5(coalesce(p.prosrc, '')), coalesce(p.proconfig::text, '')) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_NAMESPACE('n')}
  UNION ALL SELECT concat_ws('|', 'y', y.oid) FROM pg_type y JOIN pg_namespace n ON n.oid = y.typnamespace WHERE ${USER_NAMESPACE('n')}
  UNION ALL SELECT concat_ws('|', 'r', r.oid, r.ev_enabled) FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_NAMESPACE('n')}
  UNION ALL SELECT concat_ws('|', 'o', o.oid) FROM pg_policy o
  UNION ALL SELECT concat_ws('|', 'e', e.oid, e.evtenabled) FROM pg_event_trigger e
  UNION ALL SELECT concat_ws('|', 'x', x.oid, x.extname, x.extversion) FROM pg_extension x
  UNION ALL SELECT concat_ws('|', 's', s.setrole, coalesce(s.setconfig::text, '')) FROM pg_db_role_setting s
    WHERE s.setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
  UNION ALL SELECT concat_ws('|', 'b', datallowconn, datconnlimit) FROM pg_database WHERE datname = current_database()
) items`;

const quoted = (schema: string, name: string) => `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;

const fingerprintOf = async (sql: ResetSql): Promise<string> => String((await sql(FINGERPRINT_SQL))[0]?.fingerprint);

/** The tables among `tables` that hold at least one row (one statement). */
const tablesWithRows = async (sql: ResetSql, tables: readonly string[]): Promise<string[]> => {
  if (!tables.length) return [];
  const probes = tables.map((table, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${table})`).join(' UNION ALL ');
  return (await sql(probes)).map((row) => tables[Number(row.i)]!);
};

/** Reads the state of a database fresh from the template (call before any test writes to it). */
export const captureTemplateState = async (sql: ResetSql): Promise<TemplateState> => {
  const fingerprint = await fingerprintOf(sql);
  const tables = (
    await sql(
      `SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${USER_NAMESPACE('n')} ORDER BY 1, 2`,
    )
  ).map((row) => quoted(String(row.nspname), String(row.relname)));
  const seeds: TemplateState['seeds'] = [];
  for (const table of await tablesWithRows(sql, tables)) {
    const columns = (
      await sql(
        `SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
        [table],
      )
    ).map((row) => `"${String(row.attname).replace(/"/g, '""')}"`);
    const rows = String((await sql(`SELECT json_agg(t)::text AS rows FROM ${table} t`))[0]?.rows);
    seeds.push({ table, columns, rows });
  }
  const sequences = (
    await sql(`SELECT schemaname, sequencename, coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called FROM pg_sequences ORDER BY 1, 2`)
  ).map((row) => ({ sequence: quoted(String(row.schemaname), String(row.sequencename)), value: String(row.value), called: row.called === true }));
  return { fingerprint, tables, seeds, sequences };
};

/**
 * Puts the database back into `state`. False (nothing changed) when it cannot be: its schema differs from the
 * template's, or (`discardSession`, PGlite) its session cannot be reset. Throws only on a failure of the reset itself.
 */
export const resetToTemplateState = async (sql: ResetSql, state: TemplateState, { discardSession = false } = {}): Promise<boolean> => {
  if (discardSession) {
    try {
      await sql('DISCARD ALL'); // refused inside a transaction: a session left in one is not reused
    } catch {
      return false;
    }
  }
  if ((await fingerprintOf(sql)) !== state.fingerprint) return false;
  let emptied: string[];
  await sql('BEGIN');
  try {
    // Replica role turns the triggers off for this transaction only: the ones that keep the ledger append-only, and
    // the foreign keys' checks (so each table is emptied on its own: a TRUNCATE would take every table that refers to
    // it along, and rewrite them all).
    await sql('SET LOCAL session_replication_role = replica');
    await sql(`SET LOCAL lock_timeout = '10s'`);
    const seeded = new Set(state.seeds.map((seed) => seed.table));
    emptied = [...new Set([...(await tablesWithRows(sql, state.tables)), ...seeded])];
    for (const table of emptied) await sql(`DELETE FROM ${table}`);
    for (const seed of state.seeds) {
      const columns = seed.columns.join(', ');
      await sql(`INSERT INTO ${seed.table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${seed.table}, $1::text::json)`, [seed.rows]);
    }
    if (state.sequences.length) {
      await sql(`SELECT ${state.sequences.map((s, i) => `setval('${s.sequence.replace(/'/g, "''")}', $${i + 1}::text::bigint, ${s.called})`).join(', ')}`, state.sequences.map((s) => s.value));
    }
    await sql('COMMIT');
  } catch (error) {
    await sql('ROLLBACK').catch(() => {});
    throw error;
  }
  // The deleted rows' space and index entries go now, as a new copy has none (a queue's claim walks dead index entries).
  if (emptied.length) await sql(`VACUUM ${emptied.join(', ')}`);
  return true;
};
