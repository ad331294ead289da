/**
 * The command behind `npm run ops -- <command>` (compiled: `node dist-server/ops.js`; in development `npx tsx server/cli/ops.ts`): the
 * operator side's command-line tool (docs/ops.md "The first admin"). Operators are never made by an open endpoint: the
 * first admin comes from here, and whoever runs it holds the database.
 *
 *   npm run ops -- create-operator --email ada@example.com --role admin [--role compliance] [--name "Ada Lovelace"]
 *
 * Opens the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR, default .data/pglite: stop the
 * server first, an embedded database is one process's). In development it applies pending migrations; with
 * NODE_ENV=production it refuses a database that lacks some (`npm run migrate` is the deploy step that applies them).
 * The operator then signs in at <PUBLIC_ORIGIN>/ops/ with an email code and sets up an authenticator app at that first
 * sign-in. Exit 0 when done, 2 on a usage error, 1 with the reason otherwise (an operator with this email exists, …).
 */
import * as z from 'zod/mini';
import { Email } from '@/shared/contract/auth';
import { OperatorRoles } from '@/shared/contract/ops';
import { PersonName } from '@/shared/contract/person-name';
import { systemClock } from '../clock';
import { loadDatabaseConfig } from '../config';
import { migrate, migrationDirs, requireMigrated } from '../db/migrate';
import { openDb } from '../db/open';
import { createOperator } from '../modules/ops';

const USAGE = 'usage: npm run ops -- create-operator --email <address> --role <support|compliance|admin> [--role …] [--name "<name>"]';

/** The command line after the script name; `option` takes each `--name value` it reads out of it, leaving the rest. */
const commandLine = (argv: string[]) => {
  const args = [...argv];
  const option = (name: string): string | undefined => {
    const index = args.indexOf(`--${name}`);
    if (index < 0) return undefined;
    const value = args[index + 1];
    args.splice(index, 2);
    return value;
  };
  return { args, option };
};

export const runOpsCommand = async (argv: string[], env: Record<string, string | undefined>): Promise<number> => {
  const { args, option } = commandLine(argv);
  const command = args.shift();
  if (command !== 'create-operator') {
    console.error(USAGE);
    return 2;
  }
  const roles: string[] = [];
  for (let role = option('role'); role !== undefined; role = option('role')) roles.push(...role.split(','));
  const email = z.safeParse(Email, option('email')?.trim().toLowerCase());
  const roleList = z.safeParse(OperatorRoles, roles);
  const name = z.safeParse(PersonName, option('name') ?? 'Operator');
  if (!email.success || !roleList.success || !name.success || args.length) {
    if (!email.success) console.error('--email: a valid email address is required');
    if (!roleList.success) console.error('--role: one or more of support, compliance, admin (each once)');
    if (!name.success) console.error(`--name: ${name.error.issues[0]?.message ?? 'letters, spaces, hyphens, apostrophes'}`);
    if (args.length) console.error(`unknown arguments: ${args.join(' ')}`);
    console.error(USAGE);
    return 2;
  }
  const config = loadDatabaseConfig(env);
  const production = config.nodeEnv === 'production';
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const dirs = migrationDirs({ sandbox: !production });
    if (production) await requireMigrated(db, dirs);
    else await migrate(db, dirs);
    const operator = await createOperator(db, systemClock, { email: email.data, name: name.data, roles: roleList.data });
    console.log(`Operator ${operator.id} created: ${operator.email} (${operator.roles.join(', ')}).`);
    const origin = env.PUBLIC_ORIGIN ?? 'http://localhost:3000';
    console.log(`Sign in at ${origin.replace(/\/$/, '')}/ops/ with this email: a code is mailed, and the first sign-in sets up an authenticator app.`);
    return 0;
  } finally {
    await db.close();
  }
};
