/**
 * The bare baselines of `npm run bench:table`: Fastify + node-postgres and nothing else. Run as a process:
 * `node --import tsx scripts/load/bare-server.ts <DATABASE_URL>`; prints "listening <port>".
 *   - GET /bare/account/:id: one primary-key select (`SELECT balance, currency FROM ledger_accounts WHERE id = $1`,
 *     unprepared: the plain idiomatic call): the hot reads' baseline;
 *   - POST /bare/exchange `{ user, amount }` with an Idempotency-Key: the whole exchange as ONE set-based statement
 *     (scripts/load/exchange-ceiling.ts, on its database), a named prepared statement, the FX shard picked at random:
 *     the exchanges' best alternative through HTTP, with no session, validation, limits or logging.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { CEILING_SHARDS, exchangeCeilingStatement } from './exchange-ceiling';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/bare/account/:id', async (request) => {
  const { rows } = await pool.query('SELECT balance, currency FROM ledger_accounts WHERE id = $1', [request.params.id]);
  return { success: true, data: rows[0] ?? null };
});
const exchange = exchangeCeilingStatement({ user: '$1::int', shard: '$2::int', amount: '$3::int', key: '$4::text' });
app.post<{ Body: { user: number; amount: number } }>('/bare/exchange', async (request, reply) => {
  const { rowCount } = await pool.query({
    name: 'exchange',
    text: exchange,
    values: [request.body.user, Math.floor(Math.random() * CEILING_SHARDS), request.body.amount, request.headers['idempotency-key']],
  });
  if (rowCount !== 5) return reply.code(409).send({ success: false, error: { code: 'NOT_POSTED', message: 'The exchange moved nothing.' } });
  return { success: true, data: { posted: true } };
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
