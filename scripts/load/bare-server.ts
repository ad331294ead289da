/**
 * The bare baseline of `npm run bench:table`: Fastify + node-postgres and nothing else, answering
 * GET /bare/account/:id with one primary-key select (`SELECT balance, currency FROM ledger_accounts WHERE id = $1`,
 * unprepared: the plain idiomatic call). Run as a process: `node --import tsx scripts/load/bare-server.ts <DATABASE_URL>`;
 * prints "listening <port>".
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/bare/account/:id', async (request) => {
  const { rows } = await pool.query('SELECT balance, currency FROM ledger_accounts WHERE id = $1', [request.params.id]);
  return { success: true, data: rows[0] ?? null };
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
