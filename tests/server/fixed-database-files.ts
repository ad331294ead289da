/**
 * Server test files whose database does not depend on DATABASE_URL, so `npm run test:server` (PGlite) runs them and
 * `npm run test:server:pg` leaves them out. A file that builds its app with the harness (`createTestApp`,
 * `createTestDatabase`) follows DATABASE_URL and must not be listed here.
 */
export const SERVER_FILES_ON_A_FIXED_DATABASE = [
  // No database, or PGlite by design: config and adapters' pure logic, the PGlite template, the compiled server on
  // `memory://`, log lines.
  'tests/server/adapters-config.test.ts',
  'tests/server/bot-config.test.ts',
  'tests/server/bot-webhook-command.test.ts',
  'tests/server/card-status-machine.test.ts',
  'tests/server/compiled-server.test.ts',
  'tests/server/mail-smtp.test.ts',
  'tests/server/memory-template.test.ts',
  'tests/server/outside-redirects.test.ts',
  'tests/server/request-logging.test.ts',
  'tests/server/server-config.test.ts',
  'tests/server/session-device.test.ts',
  'tests/server/start-banner.test.ts',
  'tests/server/tron-sender.test.ts',
  // A real PostgreSQL in both runs (tests/server/jobs-postgres.ts): several server processes on one database.
  'tests/server/card-processes.test.ts',
  'tests/server/money-storm-processes.test.ts',
  'tests/server/rate-limit-processes.test.ts',
];
