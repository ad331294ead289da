/**
 * The compiled entry points: the server, and the operator's commands that run beside it in production (the image has
 * no TypeScript sources): `npm run migrate`, `npm run db:backup`, `npm run db:restore` (docs/deploy.md), `npm run ops`
 * (docs/ops.md).
 */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  migrate: 'server/cli/migrate.ts',
  'db-backup': 'server/cli/db-backup.ts',
  'db-restore': 'server/cli/db-restore.ts',
  'bot-webhook': 'server/cli/bot-webhook.ts',
  ops: 'server/cli/ops.ts',
} as const satisfies Record<string, string>;
