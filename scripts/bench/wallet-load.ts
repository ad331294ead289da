/**
 * Wallet load benchmark (`npm run bench:wallet`): two server processes on one throwaway PostgreSQL,
 * many users exchanging and topping up at once, then a ledger audit, then pgbench on the same database.
 *
 *   npm run bench:wallet                         # = tsx scripts/with-postgres.ts -- tsx scripts/bench/wallet-load.ts
 *   BENCH_USERS=40 BENCH_SECONDS=20 npm run bench:wallet
 *
 * Steps: create a database; start two servers (`server/main.ts`, SANDBOX on, same JWT secret); register
 * BENCH_USERS users through the sandbox mailbox; fund each with USDT through the sandbox chain; then for
 * BENCH_SECONDS every user runs one operation after another (exchange USD⇄RUB ~70 %, USDT deposit ~15 %,
 * SBP top-up paid on the sandbox acquirer ~15 %) against either server. Then it waits for the SBP callbacks,
 * audits (checkLedger; every acknowledged operation present exactly once; each wallet equal to the sum of
 * its acknowledged operations), runs `pgbench -i` + `pgbench -T 10` on the same database, and prints
 * requests/s, p50/p99 latency, the audit and the ratio to pgbench's TPC-B-like tps. Timing is printed,
 * never asserted; the exit code is 1 only when the audit fails.
 *
 * Clients come from many loopback addresses (127.0.1.x): each simulated client has its own IP, like real
 * users, so the per-IP limits (600 requests/min, 20 email codes/h) apply per client, not to the whole run.
 * Needs DATABASE_URL of a PostgreSQL where it may create a database (the npm script provides one).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { checkLedger } from '../../server/modules/ledger';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const USERS = Number(process.env.BENCH_USERS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const ADDRESSES = 200;

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('DATABASE_URL is not set. Run `npm run bench:wallet` (it starts a throwaway PostgreSQL).');
  process.exit(2);
}

// ── HTTP client from many loopback addresses ─────────────────────────────────────────────────────────
const agents = Array.from(
  { length: ADDRESSES },
  (_, i) => new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}` }),
);

interface Answer {
  status: number;
  body: any;
  ms: number;
}

const request = (base: string, agentIndex: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const url = new URL(path, base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        method,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        agent: agents[agentIndex % ADDRESSES],
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // keep text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });

// ── Processes ────────────────────────────────────────────────────────────────────────────────────────
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const startServerProcess = async (name: string, databaseUrl: string, jwtSecret: string): Promise<{ url: string; child: ChildProcess }> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SANDBOX: 'true',
      PORT: String(port),
      HOST: '0.0.0.0',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      STATIC_DIR: 'false',
      LOG_LEVEL: 'error',
      VERIFICATION_DELAY_SECONDS: '0',
      TRON_POLL_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  child.stdout?.on('data', () => {});
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const ready = await request(url, 0, 'GET', '/api/ready');
      if (ready.status === 200) return { url, child };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${name} did not become ready`);
};

const stopProcess = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });

// ── Statistics ───────────────────────────────────────────────────────────────────────────────────────
const latencies = new Map<string, number[]>();
const outcomes = new Map<string, number>();
let requests = 0;
const record = (kind: string, answer: Answer) => {
  requests++;
  (latencies.get(kind) ?? latencies.set(kind, []).get(kind)!).push(answer.ms);
  const code = answer.status === 200 ? 'ok' : `${answer.status} ${answer.body?.error?.code ?? ''}`.trim();
  outcomes.set(`${kind}: ${code}`, (outcomes.get(`${kind}: ${code}`) ?? 0) + 1);
};
const percentile = (values: number[], p: number): number => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

// ── Users and their expected balances ────────────────────────────────────────────────────────────────
interface User {
  index: number;
  email: string;
  token: string;
  tag: string;
  expected: { USD: number; RUB: number };
  acked: { exchange: string[]; usdt: string[]; sbpPaid: Array<{ paymentId: string; amount: number }> };
}

const main = async (): Promise<number> => {
  const dbName = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const db = await openPostgres({ connectionString: databaseUrl, maxConnections: 4 });
  await migrate(db);

  const jwtSecret = randomBytes(32).toString('base64url');
  console.log(`database ${dbName}; starting two server processes…`);
  const servers = await Promise.all([startServerProcess('server-a', databaseUrl, jwtSecret), startServerProcess('server-b', databaseUrl, jwtSecret)]);
  const bases = servers.map((s) => s.url);
  let exitCode = 0;
  try {
    const pick = (i: number) => bases[i % bases.length]!;
    const call = async (kind: string, user: User | null, i: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const answer = await request(pick(i), i, method, path, body, {
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        ...headers,
      });
      record(kind, answer);
      return answer;
    };
    await request(bases[0]!, 0, 'POST', '/api/dev/sbp/settings', { callbackDelayMs: 200 });

    // 1. Sign up through the sandbox mailbox.
    const started = performance.now();
    const users: User[] = [];
    for (let batch = 0; batch < USERS; batch += 10) {
      const made = await Promise.all(
        Array.from({ length: Math.min(10, USERS - batch) }, async (_, k) => {
          const index = batch + k;
          const email = `bench${index}.${randomBytes(3).toString('hex')}@example.com`;
          const sent = await call('signup', null, index, 'POST', '/api/auth/send-code', { email, purpose: 'signup' });
          if (sent.status !== 200) throw new Error(`send-code: ${JSON.stringify(sent.body)}`);
          const mail = await call('signup', null, index, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`);
          const code = mail.body.data.messages[0].code;
          const registered = await call('signup', null, index, 'POST', '/api/auth/register', {
            firstName: 'Bench',
            lastName: `User${index}`,
            phoneNumber: '+79991234567',
            country: 'RUS',
            email,
            code,
          });
          if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
          const user: User = {
            index,
            email,
            token: registered.body.data.accessToken,
            tag: '',
            expected: { USD: 0, RUB: 0 },
            acked: { exchange: [], usdt: [], sbpPaid: [] },
          };
          const wallet = await call('wallet', user, index, 'GET', '/api/wallet');
          user.tag = wallet.body.data.usdtDepositTag;
          return user;
        }),
      );
      users.push(...made);
    }
    console.log(`${users.length} users signed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // 2. Fund them through the sandbox chain.
    /** Deposits the watcher had not processed when the dev call answered (another process held the cursor). */
    const lateDeposits: Array<{ user: User; txHash: string }> = [];
    const deposit = async (user: User, whole: number, i: number) => {
      const answer = await call('usdtDeposit', null, i, 'POST', '/api/dev/tron/transfers', { amount: `${whole}.${user.tag}` });
      if (answer.status === 200 && answer.body.data.outcome.status === 'credited') {
        user.expected.USD += answer.body.data.outcome.credited.amount;
        user.acked.usdt.push(answer.body.data.outcome.transactionId);
      } else if (answer.status === 200 && answer.body.data.outcome.status === 'unprocessed') {
        lateDeposits.push({ user, txHash: answer.body.data.transfer.txHash });
      } else {
        throw new Error(`deposit not credited: ${JSON.stringify(answer.body)}`);
      }
    };
    await Promise.all(users.map((user) => deposit(user, 1000, user.index)));
    console.log(`funded ${users.length} users with ~1000 USDT each`);

    // 3. Load.
    for (const kind of [...latencies.keys()]) latencies.delete(kind);
    outcomes.clear();
    requests = 0;
    let rates: { fetchedAt: number; byPair: Map<string, { quoteId: string; expiresAt: number }> } = { fetchedAt: 0, byPair: new Map() };
    let ratesInFlight: Promise<void> | null = null;
    const currentQuote = async (user: User, from: string, to: string, i: number) => {
      const q = rates.byPair.get(`${from}${to}`);
      if (q && q.expiresAt - Date.now() > 5_000) return q.quoteId;
      ratesInFlight ??= (async () => {
        const answer = await call('rates', user, i, 'GET', '/api/config/exchange-rates');
        if (answer.status === 200) {
          rates = {
            fetchedAt: Date.now(),
            byPair: new Map(
              answer.body.data.rates.map((r: any) => [`${r.from}${r.to}`, { quoteId: r.quoteId, expiresAt: Date.parse(r.expiresAt) }]),
            ),
          };
        }
      })().finally(() => {
        ratesInFlight = null;
      });
      await ratesInFlight;
      return rates.byPair.get(`${from}${to}`)?.quoteId ?? 'none';
    };

    /** Money-moving calls are retried with the SAME key on a network error, so the outcome is always known. */
    const idempotent = async (kind: string, user: User, i: number, path: string, body: unknown) => {
      const key = randomUUID();
      for (let attempt = 1; ; attempt++) {
        try {
          return await call(kind, user, i + attempt - 1, 'POST', path, body, { 'idempotency-key': key });
        } catch (error) {
          if (attempt >= 5) throw error;
          await sleep(100 * attempt);
        }
      }
    };

    const deadline = performance.now() + SECONDS * 1000;
    const loadStart = performance.now();
    let moneyOps = 0;
    const sbpPending: Array<{ user: User; paymentId: string; amount: number }> = [];
    await Promise.all(
      users.map(async (user) => {
        let i = user.index;
        while (performance.now() < deadline) {
          i++;
          const roll = Math.random();
          if (roll < 0.7) {
            const usdToRub = user.expected.USD > 2_000 && (user.expected.RUB < 50_000 || Math.random() < 0.5);
            const [from, to] = usdToRub ? ['USD', 'RUB'] : ['RUB', 'USD'];
            const amount = usdToRub ? 500 + Math.floor(Math.random() * 5_000) : 10_000 + Math.floor(Math.random() * 200_000);
            const quoteId = await currentQuote(user, from, to, i);
            const answer = await idempotent('exchange', user, i, '/api/wallet/exchange', { from, to, amount, quoteId });
            if (answer.status === 200) {
              const data = answer.body.data;
              user.expected[from as 'USD' | 'RUB'] -= data.debited.amount;
              user.expected[to as 'USD' | 'RUB'] += data.credited.amount;
              user.acked.exchange.push(data.transactionId);
              moneyOps++;
            } else if (answer.body?.error?.code === 'QUOTE_EXPIRED') {
              rates.byPair.clear();
            }
          } else if (roll < 0.85) {
            await deposit(user, 10 + Math.floor(Math.random() * 90), i);
            moneyOps++;
          } else {
            const amount = 10_000 + Math.floor(Math.random() * 500_000);
            const created = await idempotent('sbpCreate', user, i, '/api/wallet/sbp', { amount });
            if (created.status !== 200) continue;
            const paid = await call('sbpPay', null, i + 1, 'POST', `/api/dev/sbp/invoices/${created.body.data.invoiceId}/pay`);
            if (paid.status === 200 && paid.body.data.status === 'paid') {
              sbpPending.push({ user, paymentId: created.body.data.paymentId, amount });
              moneyOps++;
            }
          }
        }
      }),
    );
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const loadRequests = requests;

    // 4. Wait for the SBP callbacks (delivered by the job workers of both processes).
    const settleStart = performance.now();
    for (const payment of sbpPending) {
      for (let attempt = 0; ; attempt++) {
        const answer = await request(pick(attempt), payment.user.index, 'GET', `/api/wallet/sbp/${payment.paymentId}`, undefined, {
          authorization: `Bearer ${payment.user.token}`,
        });
        if (answer.status === 200 && answer.body.data.status === 'succeeded') {
          payment.user.expected.RUB += payment.amount;
          payment.user.acked.sbpPaid.push({ paymentId: payment.paymentId, amount: payment.amount });
          break;
        }
        if (attempt > 300) throw new Error(`SBP payment ${payment.paymentId} not credited after 30 s: ${JSON.stringify(answer.body)}`);
        await sleep(100);
      }
    }
    for (const late of lateDeposits) {
      for (let attempt = 0; ; attempt++) {
        const [row] = await db.query<{ credited_cents: number; transaction_id: string }>(
          'SELECT credited_cents, transaction_id FROM usdt_deposits WHERE tx_hash = $1',
          [late.txHash],
        );
        if (row) {
          late.user.expected.USD += row.credited_cents;
          late.user.acked.usdt.push(row.transaction_id);
          break;
        }
        if (attempt > 300) throw new Error(`USDT deposit ${late.txHash} not credited after 30 s`);
        await sleep(100);
      }
    }
    if (lateDeposits.length) console.log(`${lateDeposits.length} USDT deposits were credited by a later watcher pass`);
    console.log(`${sbpPending.length} paid SBP top-ups all credited by their callbacks (${((performance.now() - settleStart) / 1000).toFixed(1)} s after the load)`);

    // 5. Audit.
    const ledger = await checkLedger(db);
    const problems: string[] = [];
    if (!ledger.ok) problems.push(`checkLedger: ${JSON.stringify(ledger).slice(0, 2000)}`);
    const countBy = async (type: string) =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions WHERE type = $1', [type]))[0]!.n;
    const ackedExchanges = users.flatMap((u) => u.acked.exchange);
    const ackedDeposits = users.flatMap((u) => u.acked.usdt);
    const ackedSbp = users.flatMap((u) => u.acked.sbpPaid);
    const present = async (ids: string[]) => {
      let found = 0;
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ledger_transactions WHERE id IN (${chunk.map((_, k) => `$${k + 1}`).join(',')})`,
          chunk,
        );
        found += rows[0]!.n;
      }
      return found;
    };
    const exchangesInDb = await countBy('currencyExchange');
    const depositsInDb = await countBy('usdtDeposit');
    const sbpInDb = await countBy('sbpTopup');
    if (new Set(ackedExchanges).size !== ackedExchanges.length || (await present(ackedExchanges)) !== ackedExchanges.length || exchangesInDb !== ackedExchanges.length) {
      problems.push(`exchanges: acknowledged ${ackedExchanges.length}, in the ledger ${exchangesInDb}`);
    }
    if ((await present(ackedDeposits)) !== ackedDeposits.length || depositsInDb !== ackedDeposits.length) {
      problems.push(`USDT deposits: acknowledged ${ackedDeposits.length}, in the ledger ${depositsInDb}`);
    }
    const sbpPerPayment = await db.query<{ payment_id: string; n: number }>(
      `SELECT details->>'paymentId' AS payment_id, count(*)::int AS n FROM ledger_transactions WHERE type = 'sbpTopup' GROUP BY 1`,
    );
    if (sbpInDb !== ackedSbp.length || sbpPerPayment.some((row) => row.n !== 1)) {
      problems.push(`SBP top-ups: paid ${ackedSbp.length}, credited ${sbpInDb}`);
    }
    let walletsChecked = 0;
    for (const user of users) {
      const wallet = await request(pick(user.index), user.index, 'GET', '/api/wallet', undefined, { authorization: `Bearer ${user.token}` });
      const actual = Object.fromEntries(wallet.body.data.balances.map((b: any) => [b.currency, b.available.amount]));
      if (actual.USD !== user.expected.USD || actual.RUB !== user.expected.RUB) {
        problems.push(`wallet of user ${user.index}: expected ${JSON.stringify(user.expected)}, ledger says ${JSON.stringify(actual)}`);
      }
      if (actual.USD < 0 || actual.RUB < 0) problems.push(`negative wallet: user ${user.index}`);
      walletsChecked++;
    }

    // 6. pgbench on the same database.
    const pgbench = (args: string[]) => spawnSync('pgbench', [...args, databaseUrl], { encoding: 'utf8' });
    const init = pgbench(['-i', '-s', '10', '-q']);
    let tps = NaN;
    if (init.status === 0) {
      const run = pgbench(['-T', String(PGBENCH_SECONDS), '-c', '8', '-j', '2', '-n']);
      const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout) ?? /tps = ([\d.]+)/.exec(run.stdout);
      tps = match ? Number(match[1]) : NaN;
      if (!match) console.error(run.stdout, run.stderr);
    } else {
      console.error(`pgbench -i failed: ${init.stderr}`);
    }

    // 7. Report.
    const all = [...latencies.values()].flat();
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(34)} ${value}`);
    console.log(`\nWallet load: ${users.length} users, ${SECONDS} s, 2 server processes, PostgreSQL ${db.kind}`);
    line('HTTP requests', `${loadRequests} in ${loadSeconds.toFixed(1)} s = ${(loadRequests / loadSeconds).toFixed(0)} req/s`);
    line('money-moving operations', `${moneyOps} = ${(moneyOps / loadSeconds).toFixed(0)} ops/s`);
    line('latency all requests', `p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms`);
    for (const [kind, values] of latencies) {
      line(`  ${kind} (${values.length})`, `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`);
    }
    console.log('  answers:');
    for (const [key, n] of [...outcomes.entries()].sort()) line(`    ${key}`, String(n));
    console.log('\nLedger audit');
    line('unbalanced transactions', String(ledger.unbalancedTransactions.length));
    line('negative never-negative accounts', String(ledger.negativeAccounts.length));
    line('balances ≠ sum of entries', String(ledger.mismatchedBalances.length));
    line('acknowledged exchanges / in ledger', `${ackedExchanges.length} / ${exchangesInDb}`);
    line('acknowledged USDT deposits / in ledger', `${ackedDeposits.length} / ${depositsInDb}`);
    line('paid SBP top-ups / credited', `${ackedSbp.length} / ${sbpInDb}`);
    line('wallets equal to their operations', `${walletsChecked - problems.filter((p) => p.startsWith('wallet of')).length} / ${walletsChecked}`);
    line('result', problems.length ? `FAILED\n    ${problems.slice(0, 20).join('\n    ')}` : 'OK');
    console.log('\npgbench (TPC-B-like, same database, scale 10, 8 clients)');
    line('tps', Number.isNaN(tps) ? 'n/a' : tps.toFixed(0));
    if (!Number.isNaN(tps)) {
      line('wallet money ops/s ÷ pgbench tps', ((moneyOps / loadSeconds) / tps).toFixed(3));
      line('wallet requests/s ÷ pgbench tps', ((loadRequests / loadSeconds) / tps).toFixed(3));
    }
    console.log('(figures only; nothing is asserted on timing)');
    if (problems.length) exitCode = 1;
  } finally {
    await Promise.all(servers.map((s) => stopProcess(s.child)));
    await db.close();
    for (const agent of agents) agent.destroy();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await cleanup.end();
  }
  return exitCode;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
