/**
 * Every migration added since the rules (docs/deploy.md "Zero-downtime migrations") follows them: old and new
 * processes share the database during a rolling deploy, and no migration stops the service with a long lock.
 */
import { describe, expect, it } from 'vitest';
import { ALL_MIGRATION_DIRS, loadMigrations } from '../../server/db/migrate';
import { migrationRuleProblems, RULES_START } from '../../scripts/release/migration-rules';

describe('zero-downtime migration rules', () => {
  it('every migration since the rules follows them', async () => {
    const migrations = await loadMigrations(ALL_MIGRATION_DIRS);
    const judged = migrations.filter((m) => !RULES_START.has(m.name));
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.flatMap((m) => migrationRuleProblems(m.name, m.sql))).toEqual([]);
  });

  it('the rules catch what breaks a rolling deploy or locks a busy table, and let the expand steps through', () => {
    const problems = (sql: string, name = '9999_x.sql') => migrationRuleProblems(name, sql);
    expect(problems('ALTER TABLE cards DROP COLUMN nickname;')).toHaveLength(1);
    expect(problems('-- contract: cards.nickname, unused since v1.4.0\nALTER TABLE cards DROP COLUMN nickname;')).toEqual([]);
    expect(problems('ALTER TABLE cards RENAME COLUMN a TO b;')).toHaveLength(1);
    expect(problems('ALTER TABLE cards ALTER COLUMN a TYPE bigint;')).toHaveLength(1);
    expect(problems('ALTER TABLE cards ALTER COLUMN a SET NOT NULL;')).toHaveLength(1);
    expect(problems('ALTER TABLE cards ADD COLUMN note text NOT NULL;')).toHaveLength(1);
    expect(problems("ALTER TABLE cards ADD COLUMN note text NOT NULL DEFAULT '';")).toEqual([]);
    expect(problems('ALTER TABLE cards ADD COLUMN seen timestamptz DEFAULT now();')).toHaveLength(1);
    expect(problems('ALTER TABLE cards ADD COLUMN seen timestamptz;')).toEqual([]);
    expect(problems('ALTER TABLE cards ADD CONSTRAINT c CHECK (a > 0);')).toHaveLength(1);
    expect(problems('ALTER TABLE cards ADD CONSTRAINT c CHECK (a > 0) NOT VALID;')).toEqual([]);
    expect(problems('ALTER TABLE cards ADD CONSTRAINT u UNIQUE (a);')).toHaveLength(1);
    expect(problems('CREATE INDEX cards_a ON cards (a);')).toHaveLength(1);
    expect(problems('CREATE INDEX CONCURRENTLY cards_a ON cards (a);')).toHaveLength(1); // not marked no-transaction
    expect(problems('-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY cards_a ON cards (a);')).toEqual([]);
    expect(problems('-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY a ON cards (a);\nCREATE INDEX CONCURRENTLY b ON cards (b);')).toHaveLength(1);
    expect(problems('CREATE TABLE notes (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now());\nCREATE INDEX notes_at ON notes (at);')).toEqual([]);
    expect(problems('LOCK TABLE cards;')).toHaveLength(1);
    expect(problems("-- DROP TABLE cards; in a comment\nINSERT INTO notes VALUES ('DROP TABLE x');")).toEqual([]);
  });
});
