/**
 * Issue #32's bar: a production configuration — NODE_ENV=production, sandbox off, PostgreSQL — takes a new user from
 * sign-up through a human operator's approval to a first exchange. The server is started as `npm run start:prod`
 * starts it (startServer: configuration from the environment, migrations, the job worker, housekeeping) and reached
 * over HTTP only; what it talks to is local: a real SMTP server (smtp-server) receives every code, TronGrid, the
 * Central Bank's daily rates and the Telegram Bot API are local stand-ins (tests/server/fakes). No issuer and no SBP
 * acquirer (CARD_ISSUER_ADAPTER / SBP_ACQUIRER_ADAPTER=none), no KYC provider: operators review by hand.
 *
 *   deploy: `npm run migrate`, then `npm run ops -- create-operator --role admin` (runOpsCommand), then the server;
 *   the admin signs in (email code over SMTP + authenticator enrolment) and adds a compliance operator, who signs in;
 *   a user signs up in Telegram (email code over SMTP) and is under verification: no exchange;
 *   the compliance operator approves from the review queue; the bot tells the user; the app's /users/me says verified;
 *   USDT arrives on chain (TronGrid), the watcher credits it; the user exchanges USD → RUB at the Central Bank's rate;
 *   the audit log shows who approved; reconciliation agrees with the chain.
 *
 * PostgreSQL only (`npm run test:server:pg`): production refuses the embedded database.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../scripts/load/postgres-cluster';
import { runOpsCommand } from '../../server/cli/ops-command';
import { migrate, migrationDirs } from '../../server/db/migrate';
import { openDb } from '../../server/db/open';
import { checkLedger } from '../../server/modules/ledger';
import { totpCodeAt } from '../../server/modules/ops';
import { startServer, type RunningServer } from '../../server/server';
import { startCbrFake, type CbrFake } from './fakes/cbr';
import { startFakeBotApi, type FakeBotApi } from './fakes/telegram-bot';
import { FakeTronGrid } from './fakes/trongrid';
import { usesPostgres } from './harness';
import { PRODUCTION_ENV } from './production-env';
import { sessionCookieOf } from './ops-support';

const BOT_TOKEN = '7654321:AAproduction-path-bot-token';
const DEPOSIT_ADDRESS = PRODUCTION_ENV.USDT_DEPOSIT_ADDRESS;

let smtp: SMTPServer;
const mails: Array<{ to: string[]; body: string }> = [];
let tron: FakeTronGrid;
let cbr: CbrFake;
let bot: FakeBotApi;
let database: { url: string; drop: () => Promise<void> };
let server: RunningServer | undefined;
let env: Record<string, string>;

const startSmtp = async (): Promise<number> => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as AddressInfo).port;
};

const today = () => {
  const now = new Date();
  return `${String(now.getUTCDate()).padStart(2, '0')}.${String(now.getUTCMonth() + 1).padStart(2, '0')}.${now.getUTCFullYear()}`;
};

beforeAll(async () => {
  if (!usesPostgres()) return;
  const smtpPort = await startSmtp();
  tron = await new FakeTronGrid().start();
  tron.headBlock = 5_000;
  cbr = await startCbrFake({ usd: '90,0000', date: today() });
  bot = await startFakeBotApi(BOT_TOKEN);
  database = await createDatabase(process.env.DATABASE_URL!, 'prod');
  env = {
    ...PRODUCTION_ENV,
    DATABASE_URL: database.url,
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    TRONGRID_API_URL: tron.url,
    TRON_POLL_MS: '200',
    CBR_RATES_URL: cbr.url,
    BOT_API_URL: bot.url,
    HOST: '127.0.0.1',
    PORT: '0',
    STATIC_DIR: 'false',
    LOG_LEVEL: 'silent',
    MIGRATE_ON_START: 'false',
    RATE_LIMIT_PER_MINUTE: '10000',
  };
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await tron?.close();
  await cbr?.close();
  await bot?.close();
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The code in the last mail to `to` whose subject says "<code> is your <what> code". */
const mailedCode = async (to: string, what: RegExp): Promise<string> => {
  for (let tries = 0; tries < 100; tries++) {
    for (const mail of [...mails].reverse()) {
      const subject = /^Subject: (\d{6}) is your (.+?) code$/m.exec(mail.body);
      if (mail.to.includes(to) && subject && what.test(subject[2]!)) return subject[1]!;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${to}`);
};

const call = async (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const response = await fetch(`${server!.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(method !== 'GET' ? { 'idempotency-key': randomUUID() } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any, setCookie: response.headers.getSetCookie() };
};

const eventually = async <T,>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 15_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** An operator's whole sign-in at the console: email code over SMTP, then the authenticator (enrolled the first time). */
const operatorSignIn = async (email: string): Promise<{ token: string; cookie: string }> => {
  expect((await call('POST', '/api/ops/auth/send-code', { body: { email } })).status).toBe(200);
  const code = await mailedCode(email, /^operator sign-in$/);
  const verified = await call('POST', '/api/ops/auth/verify-code', { body: { email, code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  expect(verified.body.data.factor).toBe('enrollTotp');
  const secret = verified.body.data.enrollment.secret as string;
  const done = await call('POST', '/api/ops/auth/second-factor', { body: { challenge: verified.body.data.challenge, code: await totpCodeAt(secret, new Date()) } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { token: done.body.data.accessToken, cookie: sessionCookieOf(done.setCookie) };
};

describe.skipIf(!usesPostgres())('production: sign-up → an operator approves → first exchange', () => {
  it('runs end to end on PostgreSQL with SMTP, TronGrid, the Central Bank and the Bot API', async () => {
    // The deploy: migrations as their own step, the first admin from the command line, then the server.
    const db = await openDb({ databaseUrl: database.url, dataDir: '' });
    await migrate(db, migrationDirs({ sandbox: false }));
    await db.close();
    expect(await runOpsCommand(['create-operator', '--email', 'ada@ops.example.com', '--role', 'admin', '--name', 'Ada Admin'], env)).toBe(0);
    expect(await runOpsCommand(['create-operator', '--email', 'ada@ops.example.com', '--role', 'admin'], env).catch((e: Error) => e.message)).toMatch(/exists/i);
    server = await startServer({ env });
    expect(server.config).toMatchObject({ nodeEnv: 'production', sandbox: false, kyc: { provider: 'none', autoApprove: false } });
    expect((await call('GET', '/api/dev/mailbox')).status).toBe(404); // no sandbox

    // The admin adds a compliance operator; each signs in with the second factor.
    const admin = await operatorSignIn('ada@ops.example.com');
    const added = await call('POST', '/api/ops/operators', { token: admin.token, body: { email: 'carla@ops.example.com', name: 'Carla Compliance', roles: ['compliance'] } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const compliance = await operatorSignIn('carla@ops.example.com');
    expect((await call('GET', '/api/ops/kyc/queue', { token: admin.token })).body.error.code).toBe('OPS_ROLE_REQUIRED');

    // A new user signs up inside Telegram: the email code arrives over SMTP; the account is under verification.
    const email = 'new.customer@example.com';
    const telegramUser = { id: 424_242_424, first_name: 'Nina', username: 'nina_customer' };
    const initData = sign({ user: telegramUser, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_type: 'sender' } as Parameters<typeof sign>[0], BOT_TOKEN, new Date());
    expect((await call('POST', '/api/auth/send-code', { body: { email, purpose: 'signup' } })).status).toBe(200);
    const signUpCode = await mailedCode(email, /^sign-up$/);
    const registered = await call('POST', '/api/auth/register', {
      body: { firstName: 'Nina', lastName: 'Customer', phoneNumber: '+79991234567', country: 'RUS', email, code: signUpCode },
      headers: { 'x-telegram-init-data': initData },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const user = { token: registered.body.data.accessToken as string, id: registered.body.data.user.id as string };
    expect((await call('GET', '/api/users/me', { token: user.token })).body.data).toMatchObject({ verificationStatus: 'under_verification', frozen: null });
    const rates = async () => (await call('GET', '/api/config/exchange-rates', { token: user.token })).body.data.rates as Array<{ from: string; to: string; quoteId: string; rate: string }>;
    const usdToRub = await eventually(rates, (list) => list?.some((r) => r.from === 'USD' && r.to === 'RUB'), 'the Central Bank rate');
    const tooEarly = await call('POST', '/api/wallet/exchange', { token: user.token, body: { from: 'USD', to: 'RUB', amount: 10_00, quoteId: usdToRub.find((r) => r.from === 'USD')!.quoteId } });
    expect(tooEarly.body.error.code).toBe('ACCOUNT_UNDER_VERIFICATION');

    // The compliance operator finds the user in the review queue (no provider: a person decides) and approves.
    const queue = await call('GET', '/api/ops/kyc/queue', { token: compliance.token });
    const item = queue.body.data.items.find((i: { user: { id: string } }) => i.user.id === user.id);
    expect(item).toMatchObject({ registration: { email, telegramUsername: 'nina_customer', country: 'RUS' }, kyc: null });
    const approved = await call('POST', `/api/ops/kyc/${user.id}/decision`, { token: compliance.token, body: { decision: 'approve', reason: 'Registration data and phone checked' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe('verified');
    expect((await call('GET', '/api/users/me', { token: user.token })).body.data.verificationStatus).toBe('verified');
    await eventually(async () => bot.delivered.filter((m) => m.chatId === telegramUser.id), (sent) => sent.length > 0, 'the bot telling the user');

    // USDT arrives on chain; the watcher (polling TronGrid) credits it once it is confirmed.
    const wallet = (await call('GET', '/api/wallet', { token: user.token })).body.data;
    tron.addTransfer({ to: DEPOSIT_ADDRESS, value: String(120 * 1_000_000 + Number(wallet.usdtDepositTag)), block: tron.headBlock });
    tron.headBlock += 100;
    const usd = async () => (await call('GET', '/api/wallet', { token: user.token })).body.data.balances.find((b: { currency: string }) => b.currency === 'USD').available.amount as number;
    const credited = await eventually(usd, (amount) => amount > 0, 'the USDT deposit credited');
    expect(credited).toBe(120_00 + Math.floor(Number(wallet.usdtDepositTag) / 10_000));

    // The first exchange: USD → RUB at the Central Bank's rate.
    const rate = (await rates()).find((r) => r.from === 'USD' && r.to === 'RUB')!;
    const exchanged = await call('POST', '/api/wallet/exchange', { token: user.token, body: { from: 'USD', to: 'RUB', amount: 100_00, quoteId: rate.quoteId } });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    const after = (await call('GET', '/api/wallet', { token: user.token })).body.data.balances as Array<{ currency: string; available: { amount: number } }>;
    expect(after.find((b) => b.currency === 'USD')!.available.amount).toBe(credited - 100_00);
    expect(after.find((b) => b.currency === 'RUB')!.available.amount).toBeGreaterThan(8_000_00);

    // Who did what: the operator creation from the command line, the admin's addition, the approval.
    const audit = await call('GET', '/api/ops/audit?limit=50', { token: admin.token });
    const actions = audit.body.data.items.map((e: { action: string; operator: { email: string } | null }) => `${e.action}:${e.operator?.email ?? 'cli'}`);
    expect(actions).toEqual(expect.arrayContaining(['operator.created:cli', 'operator.created:ada@ops.example.com', 'kyc.approved:carla@ops.example.com']));

    // Reconciliation: the chain holds what the books credited; the ledger's own audit is clean.
    const report = await call('POST', '/api/ops/reconciliation/run', { token: admin.token, body: {} });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data.checks.find((c: { check: string }) => c.check === 'usdt')).toMatchObject({ status: 'ok', difference: 0 });
    expect(report.body.data.ledgerOk).toBe(true);
    expect(await checkLedger(server!.db)).toMatchObject({ ok: true });
  }, 120_000);
});
