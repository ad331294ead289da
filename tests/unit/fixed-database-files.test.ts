/**
 * `npm run test:server:pg` leaves out the server test files listed in tests/server/fixed-database-files.ts: they must
 * really not depend on DATABASE_URL, or the PostgreSQL run would lose what it is for.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_FILES_ON_A_FIXED_DATABASE } from '../server/fixed-database-files';

const root = resolve(import.meta.dirname, '../..');

describe('server test files on a fixed database', () => {
  it.each(SERVER_FILES_ON_A_FIXED_DATABASE)('%s exists and neither builds a test database nor reads DATABASE_URL', (file) => {
    const path = resolve(root, file);
    expect(existsSync(path)).toBe(true);
    const source = readFileSync(path, 'utf8');
    // The harness's database follows DATABASE_URL; so does anything that reads it or asks usesPostgres().
    expect(source).not.toMatch(/\bcreateTestApp\(|\bcreateTestDatabase\(|\busesPostgres\(|process\.env\.DATABASE_URL/);
  });
});
