/**
 * The operator side's command-line tool (docs/ops.md "The first admin"). Operators are never made by an open endpoint:
 * the first admin comes from here, whoever runs it holds the database.
 *
 *   npm run ops -- create-operator --email ada@example.com --role admin [--role compliance] [--name "Ada Lovelace"]
 *
 * Opens the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR, default .data/pglite: stop the
 * server first, an embedded database is one process's) and applies pending migrations. The operator then signs in at
 * <PUBLIC_ORIGIN>/ops/ with an email code and sets up an authenticator app at that first sign-in.
 */
import * as z from 'zod/mini';
import { Email } from '@/shared/contract/auth';
import { OperatorRoles } from '@/shared/contract/ops';
import { PersonName } from '@/shared/contract/person-name';
import { systemClock } from '../server/clock';
import { migrate, migrationDirs } from '../server/db/migrate';
import { openDb } from '../server/db/open';
import { createOperator } from '../server/modules/ops';
import { cliArgs, runMain } from './cli';

const USAGE = 'usage: npm run ops -- create-operator --email <address> --role <support|compliance|admin> [--role …] [--name "<name>"]';

const main = async (): Promise<number> => {
  const { args, option } = cliArgs();
  const command = args.shift();
  if (command !== 'create-operator') {
    console.error(USAGE);
    return 2;
  }
  const roles: string[] = [];
  for (let role = option('role'); role !== undefined; role = option('role')) roles.push(...role.split(','));
  const email = z.safeParse(Email, option('email')?.trim().toLowerCase());
  const roleList = z.safeParse(OperatorRoles, roles);
  const rawName = option('name') ?? 'Operator';
  const name = z.safeParse(PersonName, rawName);
  if (!email.success || !roleList.success || !name.success || args.length) {
    if (!email.success) console.error('--email: a valid email address is required');
    if (!roleList.success) console.error('--role: one or more of support, compliance, admin (each once)');
    if (!name.success) console.error(`--name: ${name.error.issues[0]?.message ?? 'letters, spaces, hyphens, apostrophes'}`);
    if (args.length) console.error(`unknown arguments: ${args.join(' ')}`);
    console.error(USAGE);
    return 2;
  }
  const production = process.env.NODE_ENV === 'production';
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? '.data/pglite' });
  try {
    await migrate(db, migrationDirs({ sandbox: !production }));
    const operator = await createOperator(db, systemClock, { email: email.data, name: name.data, roles: roleList.data });
    console.log(`Operator ${operator.id} created: ${operator.email} (${operator.roles.join(', ')}).`);
    const origin = process.env.PUBLIC_ORIGIN ?? 'http://localhost:3000';
    console.log(`Sign in at ${origin.replace(/\/$/, '')}/ops/ with this email: a code is mailed, and the first sign-in sets up an authenticator app.`);
    return 0;
  } finally {
    await db.close();
  }
};

runMain(main);
