/**
 * Two real server processes (`tsx server/main.ts`) on one PostgreSQL database: both serve the API and
 * both run the job worker. Cards issued through either are processed exactly once; and no log line of
 * either process (LOG_LEVEL=trace) contains a card number or CVV.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SensitiveData, SensitivePlaintext } from '@/shared/contract/cards';
import type { Db } from '../../server/db/db';
import { openPostgres } from '../../server/db/postgres';
import { accountIds, checkLedger } from '../../server/modules/ledger';
import { fundWallet, TEST_DELIVERY_ADDRESS, waitFor } from './card-helpers';
import { registrationForm, uniqueEmail } from './harness';
import { browserKeyPair, decrypt } from './sensitive-keys';
import { realPostgresDatabase } from './jobs-postgres';
import { SANDBOX_TEST_TOKEN, sandboxServerEnv, startServerProcess, stopServerProcess, type ServerProcess } from '../../scripts/load/server-process';

const startProcess = (name: string, databaseUrl: string): Promise<ServerProcess> =>
  startServerProcess(
    name,
    sandboxServerEnv({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'trace',
      JWT_SECRET: 'two-processes-share-this-secret-0123456789',
      JOBS_POLL_MS: '20',
      JOBS_BACKOFF_BASE_MS: '20',
    }),
  );

const call = async (server: ServerProcess, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
};

let servers: ServerProcess[] = [];
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  const pg = await realPostgresDatabase();
  drop = pg.drop;
  servers = await Promise.all([startProcess('A', pg.databaseUrl), startProcess('B', pg.databaseUrl)]);
  db = await openPostgres({ connectionString: pg.databaseUrl, maxConnections: 4 });
}, 120_000);

afterAll(async () => {
  if (process.env.CARD_PROCESSES_LOG_DIR) {
    const { writeFileSync } = await import('node:fs');
    for (const server of servers) writeFileSync(`${process.env.CARD_PROCESSES_LOG_DIR}/server-${server.name}.log`, server.lines.join('\n'));
  }
  await Promise.all(servers.map((server) => stopServerProcess(server)));
  await db?.close();
  await drop?.();
}, 60_000);

const signUp = async (server: ServerProcess) => {
  const email = uniqueEmail('proc');
  expect((await call(server, 'POST', '/api/auth/send-code', { email, purpose: 'signup' })).status).toBe(200);
  const mailbox = await call(server, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`, undefined, { 'x-sandbox-token': SANDBOX_TEST_TOKEN });
  const code = mailbox.body.data.messages[0].code as string;
  const registered = await call(server, 'POST', '/api/auth/register', { ...registrationForm(email), code });
  expect(registered.status).toBe(200);
  return { id: registered.body.data.user.id as string, headers: { authorization: `Bearer ${registered.body.data.accessToken}` } };
};


describe('two server processes on one PostgreSQL', () => {
  it('issue, activate, top up and reveal through both; every job runs once; nothing secret is logged', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const users = [await signUp(a), await signUp(b), await signUp(a), await signUp(b)];
    for (const user of users) await fundWallet(db, user.id, 500_00);

    // 8 cards, requests alternating between the processes.
    const cards: Array<{ id: string; userIndex: number; form: string }> = [];
    for (const [i, user] of users.entries()) {
      for (const productId of ['prd_mastercard_virtual_usd', 'prd_visa_physical_usd']) {
        const server = cards.length % 2 ? b : a;
        const body = productId.includes('physical') ? { productId, initialDeposit: 50_00, deliveryAddress: TEST_DELIVERY_ADDRESS } : { productId, initialDeposit: 50_00 };
        const res = await call(server, 'POST', '/api/cards', body, { ...user.headers, 'idempotency-key': randomUUID() });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        cards.push({ id: res.body.data.id, userIndex: i, form: res.body.data.form });
      }
    }
    // Waiting reads the database (polling the API would run into the per-IP rate limit on a slow machine);
    // the API's view is checked once each wait is over.
    const status = async (card: (typeof cards)[number], server: ServerProcess) => {
      const res = await call(server, 'GET', `/api/cards/${card.id}`, undefined, users[card.userIndex]!.headers);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { status: string; balance: { amount: number } };
    };
    const settle = async (card: (typeof cards)[number], done: (row: { status: string; balance: number }) => boolean, label: string) =>
      waitFor(
        async () => (await db.query<{ status: string; balance: number }>(
          `SELECT c.status, coalesce(a.balance, 0) AS balance FROM cards c LEFT JOIN ledger_accounts a ON a.id = $2 WHERE c.id = $1`,
          [card.id, accountIds.card(card.id)],
        ))[0]!,
        done,
        60_000,
        `card ${card.id} ${label}`,
      );
    for (const card of cards) {
      const expected = card.form === 'virtual' ? 'active' : 'inactive';
      await settle(card, (row) => row.status === expected, expected);
      expect((await status(card, b)).status).toBe(expected);
    }
    // Activate the physical ones through the other process, then top up every card.
    for (const card of cards.filter((c) => c.form === 'physical')) {
      const code = (await call(a, 'GET', `/api/dev/cards/${card.id}/activation-code`, undefined, users[card.userIndex]!.headers)).body.data.activationCode;
      const res = await call(b, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: code }, { ...users[card.userIndex]!.headers, 'idempotency-key': randomUUID() });
      expect(res.status).toBe(200);
    }
    for (const card of cards) {
      await settle(card, (row) => row.status === 'active', 'active');
      expect((await status(card, a)).status).toBe('active');
    }
    for (const [i, card] of cards.entries()) {
      const res = await call(i % 2 ? a : b, 'POST', `/api/cards/${card.id}/topup`, { amount: 20_00 }, { ...users[card.userIndex]!.headers, 'idempotency-key': randomUUID() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const card of cards) {
      await settle(card, (row) => row.balance === 70_00, 'topped up');
      expect((await status(card, b)).balance.amount).toBe(70_00);
    }

    // Reveal every card's data through both processes; keep the plaintext to look for it in the logs.
    const secrets: SensitivePlaintext[] = [];
    for (const [i, card] of cards.entries()) {
      const { pair, publicJwk: publicKey } = await browserKeyPair();
      const res = await call(i % 2 ? b : a, 'POST', '/api/cards/sensitive', { cardId: card.id, publicKey }, users[card.userIndex]!.headers);
      expect(res.status).toBe(200);
      secrets.push(await decrypt(pair.privateKey, SensitiveData.parse(res.body.data), card.id));
    }
    expect(new Set(secrets.map((s) => s.pan)).size).toBe(cards.length);

    // Every job ran exactly once, and both processes ran some.
    const jobs = await db.query<{ id: number; kind: string; status: string; attempts: number }>(`SELECT id, kind, status, attempts FROM jobs ORDER BY id`);
    expect(jobs.filter((j) => j.kind.startsWith('cards.') || j.kind.startsWith('cardIssuer.')).length).toBeGreaterThan(30);
    for (const job of jobs.filter((j) => j.kind.startsWith('cards.') || j.kind.startsWith('cardIssuer.'))) {
      expect(job, `job ${job.id}`).toMatchObject({ status: 'done', attempts: 1 });
    }
    const startedBy = new Map<number, string[]>();
    for (const server of servers) {
      for (const line of server.lines) {
        if (!line.includes('"msg":"job started"')) continue;
        const jobId = (JSON.parse(line) as { jobId: number }).jobId;
        startedBy.set(jobId, [...(startedBy.get(jobId) ?? []), server.name]);
      }
    }
    const cardJobIds = jobs.filter((j) => j.kind.startsWith('cards.') || j.kind.startsWith('cardIssuer.')).map((j) => j.id);
    for (const id of cardJobIds) expect(startedBy.get(id), `job ${id}`).toHaveLength(1);
    const perProcess = servers.map((s) => cardJobIds.filter((id) => startedBy.get(id)?.[0] === s.name).length);
    expect(perProcess.every((n) => n > 0), `jobs per process: ${perProcess.join(', ')}`).toBe(true);

    // Money: every user paid exactly for two cards and two top-ups; the ledger is consistent.
    const ledger = await checkLedger(db);
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
    for (const user of users) {
      const [row] = await db.query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE id = $1`, [accountIds.wallet(user.id, 'USD')]);
      // mastercard virtual: 10.00 + 50.00 + 1.00 fee; visa physical: 50.00 + 50.00 + 1.75 fee; top-ups: 20.00 + 0.40 and 20.00 + 1.30
      expect(row?.balance).toBe(500_00 - 61_00 - 101_75 - 20_40 - 21_30);
    }

    // The logs: lots of lines, none with a card number (whole or first 12 digits) or a CVV field.
    const allLines = servers.flatMap((s) => s.lines);
    expect(allLines.length).toBeGreaterThan(200);
    const leaks = allLines.filter((line) => secrets.some((s) => line.includes(s.pan) || line.includes(s.pan.slice(0, 12))) || /cvv/i.test(line));
    expect(leaks).toEqual([]);
  }, 180_000);
});
