/**
 * Simulated users of the wallet and cards API for load runs and fault tests: sign-up through the sandbox
 * mailbox, funding through the sandbox TRON chain, then a mix of money-moving calls and hot reads against
 * whichever server processes are alive. Every money-moving call keeps its Idempotency-Key until it gets a
 * definitive answer, moving to another server on a network error, 503 or IDEMPOTENCY_IN_PROGRESS, the way a
 * client behind a load balancer does; so the outcome of every operation is known and `auditWorkload` can
 * check that each acknowledged operation is in the ledger exactly once and nothing else is.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/db';
import { checkLedger } from '../../server/modules/ledger';
import { LoadStats, type Answer, type LoadClient } from './http-client';
import { auditMoneyBetweenPeople } from './money-between-people-audit';
import { SANDBOX_TEST_TOKEN } from './server-process';

export interface LoadUser {
  index: number;
  email: string;
  token: string;
  /** USDT deposit tag (the cents of a deposit identify the wallet). */
  tag: string;
  /** Last known available balances (minor units), refreshed by wallet reads and money answers. */
  balance: { USD: number; RUB: number };
  cardIds: string[];
  /** Money between people and money out (prepareMoneyBetweenPeople): the payment code and a saved TRON address. */
  payCode?: string;
  addressId?: string;
  /** When the user last asked for a withdrawal email code (one a minute: RESEND_TOO_SOON). */
  codeAskedAt?: number;
  acked: {
    exchanges: string[];
    usdt: string[];
    sbp: Array<{ paymentId: string; amount: number }>;
    cards: string[];
    topups: string[];
    /** Transfers to other users, payments of requests included. */
    transfers: string[];
    withdrawals: string[];
  };
}

export type Operation =
  | 'exchange'
  | 'usdtDeposit'
  | 'sbpTopUp'
  | 'cardIssue'
  | 'cardTopUp'
  | 'walletRead'
  | 'cardsRead'
  | 'transfer'
  | 'requestMoney'
  | 'payRequest'
  | 'withdraw';

/** A TRON address that passes base58check (the sandbox chain accepts any valid one). */
const WITHDRAWAL_ADDRESS = 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX';

/** An answer that is not the operation's final outcome: the same request (same key) is sent again. */
const isTransient = (answer: Answer): boolean =>
  answer.status >= 500 && answer.status !== 502
    ? true
    : (answer.status === 409 && answer.body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS') || answer.status === 429;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface WorkloadOptions {
  client: LoadClient;
  /** Base URLs of the server processes alive now (read on every call: servers may die and come back). */
  servers: () => readonly string[];
  stats?: LoadStats;
  /** Give up on an operation after this long without a definitive answer (then the run fails). */
  operationDeadlineMs?: number;
  /**
   * Send each request from the next source address instead of the user's own: a few simulated users then stand for
   * the many real ones whose traffic they add up to, and the per-IP limit (600 requests/min) does not throttle a
   * benchmark. Off: each user keeps one address, as a real client does.
   */
  rotateAddresses?: boolean;
  /** SANDBOX_TOKEN of the servers (reads the sandbox mailbox); default the one sandboxServerEnv() sets. */
  sandboxToken?: string;
}

/** 0 → "A", 25 → "Z", 26 → "BA": a distinct letters-only name part per simulated user. */
const lettersOf = (index: number): string => {
  let out = '';
  let rest = index;
  do {
    out = String.fromCharCode(65 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return out;
};

export class WalletWorkload {
  readonly stats: LoadStats;
  /** Transient answers and network errors seen by money-moving calls (each was retried with the same key). */
  readonly transient = new Map<string, number>();
  /** Operations still without a definitive answer at their deadline: must stay empty. */
  readonly unresolved: string[] = [];
  /** Deposits the watcher had not credited when the dev call answered (another process held the cursor). */
  private readonly lateDeposits: Array<{ user: LoadUser; txHash: string }> = [];
  private readonly pendingSbp: Array<{ user: LoadUser; paymentId: string; amount: number }> = [];
  private rates = new Map<string, { quoteId: string; expiresAt: number }>();
  /** Everyone's payment codes, the open payment requests anyone may pay, the withdrawal fees and an SBP bank. */
  private payees: Array<{ index: number; payCode: string }> = [];
  private readonly openRequests: Array<{ id: string; requester: LoadUser; amount: { amount: number; currency: string } }> = [];
  private withdrawalTerms: { usdtFee: unknown; sbpFee: unknown; bankId: string } | null = null;
  private ratesInFlight: Promise<void> | null = null;
  private product: { id: string; minimalDeposit: number; max: number; topUpMin: number } | null = null;
  private calls = 0;

  constructor(private readonly options: WorkloadOptions) {
    this.stats = options.stats ?? new LoadStats();
  }

  private base(i: number): string {
    const servers = this.options.servers();
    if (!servers.length) throw new Error('no server process is alive');
    return servers[i % servers.length]!;
  }

  /** One request to some live server; `kind` names it in the statistics. Rejects on a network error. */
  async call(kind: string, user: LoadUser | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const i = this.calls++;
    const address = this.options.rotateAddresses ? i : (user?.index ?? i);
    const answer = await this.options.client.request(this.base(i), address, method, path, body, {
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...headers,
    });
    this.stats.record(kind, answer);
    return answer;
  }

  /** A money-moving call: the same Idempotency-Key (`key`, default a new one) until a definitive answer, on any live server. */
  async idempotent(kind: string, user: LoadUser, method: string, path: string, body: unknown, key: string = randomUUID()): Promise<Answer | null> {
    const deadline = performance.now() + (this.options.operationDeadlineMs ?? 120_000);
    for (let attempt = 1; ; attempt++) {
      let reason: string;
      try {
        const answer = await this.call(kind, user, method, path, body, { 'idempotency-key': key });
        if (!isTransient(answer)) return answer;
        reason = `${answer.status} ${answer.body?.error?.code ?? ''}`.trim();
      } catch (error) {
        this.stats.recordFailure(kind, error);
        reason = `network: ${(error as Error).message}`;
      }
      const label = `${kind}: ${reason}`;
      this.transient.set(label, (this.transient.get(label) ?? 0) + 1);
      if (performance.now() > deadline) {
        this.unresolved.push(`${kind} ${path} key ${key}: last ${reason}`);
        return null;
      }
      await sleep(Math.min(1_000, 50 * attempt));
    }
  }

  /**
   * A call that may be sent again as it is (a read; a write its server makes once, as the sandbox's Pay button): sent
   * again after a lost connection or a transient answer, up to `attempts` times in all. Null when never answered: a
   * server killed mid-call never makes an operation throw (the run would end with it).
   */
  private async repeatable(kind: string, user: LoadUser | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, attempts = 20): Promise<Answer | null> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const answer = await this.call(kind, user, method, path, body, headers);
        if (!isTransient(answer)) return answer;
      } catch (error) {
        this.stats.recordFailure(kind, error);
      }
      if (attempt < attempts) await sleep(Math.min(1_000, 50 * attempt));
    }
    return null;
  }

  /** Reads retried on a network error or 5xx (a query's retry). Returns null when never answered. */
  private read(kind: string, user: LoadUser, path: string): Promise<Answer | null> {
    return this.repeatable(kind, user, 'GET', path);
  }

  // ── Setup ──────────────────────────────────────────────────────────────────────────────────────────

  async signUp(count: number, firstIndex = 0): Promise<LoadUser[]> {
    const users: LoadUser[] = [];
    for (let batch = 0; batch < count; batch += 10) {
      const made = await Promise.all(
        Array.from({ length: Math.min(10, count - batch) }, async (_, k) => {
          const index = firstIndex + batch + k;
          const email = `load${index}.${randomBytes(3).toString('hex')}@example.com`;
          const sent = await this.call('signup', null, 'POST', '/api/auth/send-code', { email, purpose: 'signup' }, {});
          if (sent.status !== 200) throw new Error(`send-code: ${JSON.stringify(sent.body)}`);
          const mail = await this.call('signup', null, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`, undefined, { 'x-sandbox-token': this.options.sandboxToken ?? SANDBOX_TEST_TOKEN });
          const registered = await this.call('signup', null, 'POST', '/api/auth/register', {
            firstName: 'Load',
            lastName: `User ${lettersOf(index)}`, // names are letters only (contract PersonName)
            phoneNumber: '+79991234567',
            country: 'RUS',
            email,
            code: mail.body.data.messages[0].code,
          });
          if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
          const user: LoadUser = {
            index,
            email,
            token: registered.body.data.accessToken,
            tag: '',
            balance: { USD: 0, RUB: 0 },
            cardIds: [],
            acked: { exchanges: [], usdt: [], sbp: [], cards: [], topups: [], transfers: [], withdrawals: [] },
          };
          const wallet = await this.call('walletRead', user, 'GET', '/api/wallet');
          user.tag = wallet.body.data.usdtDepositTag;
          return user;
        }),
      );
      users.push(...made);
    }
    return users;
  }

  /** A USDT transfer to the user's tag on the sandbox chain (`whole` USDT); credited at once or by a later watcher pass. */
  async usdtDeposit(user: LoadUser, whole: number): Promise<void> {
    const answer = await this.call('usdtDeposit', null, 'POST', '/api/dev/tron/transfers', { amount: `${whole}.${user.tag}` });
    if (answer.status !== 200) throw new Error(`sandbox transfer refused: ${JSON.stringify(answer.body)}`);
    const outcome = answer.body.data.outcome;
    if (outcome.status === 'credited') {
      user.balance.USD += outcome.credited.amount;
      user.acked.usdt.push(outcome.transactionId);
    } else if (outcome.status === 'unprocessed') {
      this.lateDeposits.push({ user, txHash: answer.body.data.transfer.txHash });
    } else {
      throw new Error(`deposit not credited: ${JSON.stringify(answer.body)}`);
    }
  }

  /** A virtual USD card product to issue in the run (the sandbox catalogue has several). */
  async pickCardProduct(user: LoadUser): Promise<void> {
    const answer = await this.call('products', user, 'GET', '/api/cards/products?form=virtual&currency=USD');
    const product = (answer.body?.data?.items ?? []).find((p: any) => p.available);
    if (!product) throw new Error(`no virtual USD card product: ${JSON.stringify(answer.body).slice(0, 500)}`);
    this.product = {
      id: product.id,
      minimalDeposit: Math.max(product.minimalDeposit.amount, product.depositRange.min.amount),
      max: product.depositRange.max.amount,
      topUpMin: product.depositRange.min.amount,
    };
  }

  /**
   * Money between people and money out (issue #36): each user's payment code and a saved TRON address, once they are
   * verified (the sandbox verifies a new account within moments). Servers started with WITHDRAWAL_HOLD_SECONDS=0 let
   * the address and the new device withdraw at once.
   */
  async prepareMoneyBetweenPeople(users: readonly LoadUser[]): Promise<void> {
    const deadline = performance.now() + 30_000;
    await Promise.all(
      users.map(async (user) => {
        for (;;) {
          const me = await this.call('setup', user, 'GET', '/api/users/me');
          if (me.body?.data?.verificationStatus === 'verified') break;
          if (performance.now() > deadline) throw new Error(`user ${user.index} not verified: ${JSON.stringify(me.body)}`);
          await sleep(100);
        }
        user.payCode = (await this.call('setup', user, 'GET', '/api/transfers/profile')).body.data.payCode;
        const added = await this.call('setup', user, 'POST', '/api/withdrawals/addresses', { address: WITHDRAWAL_ADDRESS, label: `Load ${user.index}` });
        if (added.status !== 200) throw new Error(`address refused: ${JSON.stringify(added.body)}`);
        user.addressId = added.body.data.id;
      }),
    );
    this.payees = users.map((user) => ({ index: user.index, payCode: user.payCode! }));
    const options = await this.call('setup', users[0]!, 'GET', '/api/withdrawals/options');
    if (options.status !== 200 || !options.body.data.sbp.banks.length) throw new Error(`withdrawal options: ${JSON.stringify(options.body)}`);
    this.withdrawalTerms = { usdtFee: options.body.data.usdt.fee, sbpFee: options.body.data.sbp.fee, bankId: options.body.data.sbp.banks[0].id };
  }

  // ── Operations ─────────────────────────────────────────────────────────────────────────────────────

  private async quote(user: LoadUser, from: string, to: string): Promise<string> {
    const cached = this.rates.get(`${from}${to}`);
    if (cached && cached.expiresAt - Date.now() > 5_000) return cached.quoteId;
    this.ratesInFlight ??= (async () => {
      const answer = await this.read('rates', user, '/api/config/exchange-rates');
      if (answer?.status === 200) {
        this.rates = new Map(answer.body.data.rates.map((r: any) => [`${r.from}${r.to}`, { quoteId: r.quoteId, expiresAt: Date.parse(r.expiresAt) }]));
      }
    })().finally(() => {
      this.ratesInFlight = null;
    });
    await this.ratesInFlight;
    return this.rates.get(`${from}${to}`)?.quoteId ?? 'none';
  }

  async exchange(user: LoadUser): Promise<void> {
    const usdToRub = user.balance.USD > 2_000 && (user.balance.RUB < 50_000 || Math.random() < 0.5);
    const [from, to] = usdToRub ? (['USD', 'RUB'] as const) : (['RUB', 'USD'] as const);
    const amount = usdToRub ? 500 + Math.floor(Math.random() * 5_000) : 10_000 + Math.floor(Math.random() * 200_000);
    const quoteId = await this.quote(user, from, to);
    const answer = await this.idempotent('exchange', user, 'POST', '/api/wallet/exchange', { from, to, amount, quoteId });
    if (answer?.status === 200) {
      user.balance[from] -= answer.body.data.debited.amount;
      user.balance[to] += answer.body.data.credited.amount;
      user.acked.exchanges.push(answer.body.data.transactionId);
    } else if (answer?.body?.error?.code === 'QUOTE_EXPIRED') {
      this.rates.clear();
    }
  }

  async sbpTopUp(user: LoadUser): Promise<void> {
    const amount = 10_000 + Math.floor(Math.random() * 500_000);
    const created = await this.idempotent('sbpCreate', user, 'POST', '/api/wallet/sbp', { amount });
    if (created?.status !== 200) return;
    // Pay again after a lost answer: the first decision counts, a second press answers it.
    const paid = await this.repeatable('sbpPay', null, 'POST', `/api/dev/sbp/invoices/${created.body.data.invoiceId}/pay`);
    if (paid?.status === 200 && paid.body.data.status === 'paid') this.pendingSbp.push({ user, paymentId: created.body.data.paymentId, amount });
  }

  async issueCard(user: LoadUser): Promise<void> {
    if (!this.product) await this.pickCardProduct(user);
    const product = this.product!;
    const initialDeposit = product.minimalDeposit + Math.floor(Math.random() * Math.min(5_000, product.max - product.minimalDeposit));
    const answer = await this.idempotent('cardIssue', user, 'POST', '/api/cards', { productId: product.id, initialDeposit });
    if (answer?.status === 200) {
      user.acked.cards.push(answer.body.data.id);
      user.cardIds.push(answer.body.data.id);
    }
  }

  async topUpCard(user: LoadUser): Promise<void> {
    const cardId = user.cardIds[Math.floor(Math.random() * user.cardIds.length)];
    if (!cardId || !this.product) return this.exchange(user);
    const amount = this.product.topUpMin + Math.floor(Math.random() * 2_000);
    const answer = await this.idempotent('cardTopUp', user, 'POST', `/api/cards/${cardId}/topup`, { amount });
    if (answer?.status === 200) user.acked.topups.push(answer.body.data.transfer.id);
  }

  /** A transfer to another user (by payment code), in USD or RUB. */
  async transfer(user: LoadUser): Promise<void> {
    const others = this.payees.filter((p) => p.index !== user.index);
    const payee = others[Math.floor(Math.random() * others.length)];
    if (!payee) return this.readWallet(user);
    const amount = Math.random() < 0.5 ? { amount: 10 + Math.floor(Math.random() * 2_000), currency: 'USD' } : { amount: 1_000 + Math.floor(Math.random() * 50_000), currency: 'RUB' };
    const answer = await this.idempotent('transfer', user, 'POST', '/api/transfers', { payCode: payee.payCode, amount, note: `load ${user.index}` });
    if (answer?.status === 200) user.acked.transfers.push(answer.body.data.id);
  }

  /** A payment request anyone in the run may pay (several may try at once: paid at most once). */
  async requestMoney(user: LoadUser): Promise<void> {
    const amount = Math.random() < 0.5 ? { amount: 100 + Math.floor(Math.random() * 500), currency: 'USD' } : { amount: 5_000 + Math.floor(Math.random() * 20_000), currency: 'RUB' };
    const answer = await this.idempotent('requestMoney', user, 'POST', '/api/payment-requests', { amount, note: 'load' });
    if (answer?.status === 200) this.openRequests.push({ id: answer.body.data.id, requester: user, amount });
  }

  /** Pays an open payment request of someone else (another user may pay it first: PAYMENT_REQUEST_CLOSED). */
  async payRequest(user: LoadUser): Promise<void> {
    const candidates = this.openRequests.filter((r) => r.requester !== user);
    const request = candidates[Math.floor(Math.random() * candidates.length)];
    if (!request) return this.requestMoney(user);
    const answer = await this.idempotent('payRequest', user, 'POST', '/api/transfers', { payCode: request.requester.payCode, amount: request.amount, requestId: request.id });
    if (answer?.status === 200) {
      user.acked.transfers.push(answer.body.data.id);
      const at = this.openRequests.indexOf(request);
      if (at >= 0) this.openRequests.splice(at, 1);
    }
  }

  /** A USDT (to the saved address) or SBP (to the own phone) withdrawal with a fresh email code; one code a minute per user. */
  async withdraw(user: LoadUser): Promise<void> {
    const terms = this.withdrawalTerms;
    if (!terms || !user.addressId || (user.codeAskedAt !== undefined && performance.now() - user.codeAskedAt < 61_000)) return this.transfer(user);
    user.codeAskedAt = performance.now();
    // Asked once (another ask within the minute is refused): a lost answer ends this try, as a user would ask later.
    const asked = await this.repeatable('withdrawalCode', user, 'POST', '/api/withdrawals/email-code', undefined, {}, 1);
    if (asked?.status !== 200) return;
    const mail = await this.repeatable('withdrawalCode', null, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(user.email)}`, undefined, { 'x-sandbox-token': this.options.sandboxToken ?? SANDBOX_TEST_TOKEN });
    const code = mail?.body?.data?.messages?.[0]?.code as string | undefined;
    if (!code) return;
    const answer =
      Math.random() < 0.5
        ? await this.idempotent('withdraw', user, 'POST', '/api/withdrawals/usdt', { addressId: user.addressId, amount: 10_00 + Math.floor(Math.random() * 2_000), fee: terms.usdtFee, code })
        : await this.idempotent('withdraw', user, 'POST', '/api/withdrawals/sbp', { bankId: terms.bankId, amount: 100_00 + Math.floor(Math.random() * 50_000), fee: terms.sbpFee, code });
    if (answer?.status === 200) user.acked.withdrawals.push(answer.body.data.id);
  }

  async readWallet(user: LoadUser): Promise<void> {
    const answer = await this.read('walletRead', user, '/api/wallet');
    if (answer?.status !== 200) return;
    for (const b of answer.body.data.balances) user.balance[b.currency as 'USD' | 'RUB'] = b.available.amount;
  }

  async readCards(user: LoadUser): Promise<void> {
    await this.read('cardsRead', user, '/api/cards');
  }

  async run(op: Operation, user: LoadUser): Promise<void> {
    switch (op) {
      case 'exchange':
        return this.exchange(user);
      case 'usdtDeposit':
        return this.usdtDeposit(user, 10 + Math.floor(Math.random() * 90));
      case 'sbpTopUp':
        return this.sbpTopUp(user);
      case 'cardIssue':
        return user.cardIds.length >= 3 || user.balance.USD < 20_000 ? this.exchange(user) : this.issueCard(user);
      case 'cardTopUp':
        return this.topUpCard(user);
      case 'walletRead':
        return this.readWallet(user);
      case 'cardsRead':
        return this.readCards(user);
      case 'transfer':
        return this.transfer(user);
      case 'requestMoney':
        return this.requestMoney(user);
      case 'payRequest':
        return this.payRequest(user);
      case 'withdraw':
        return this.withdraw(user);
    }
  }

  /**
   * Every user runs operations one after another until `seconds` have passed: first each kind of `mix` once, in an
   * order of its own (so every kind runs however few operations a slow machine gets through), then kinds drawn by
   * the mix's weights.
   */
  async runFor(users: readonly LoadUser[], seconds: number, mix: Partial<Record<Operation, number>>): Promise<{ seconds: number; operations: number }> {
    const entries = (Object.entries(mix) as Array<[Operation, number]>).filter(([, weight]) => weight > 0);
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    const draw = (): Operation => {
      let roll = Math.random() * total;
      for (const [op, weight] of entries) if ((roll -= weight) < 0) return op;
      return entries[entries.length - 1]![0];
    };
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let operations = 0;
    await Promise.all(
      users.map(async (user) => {
        const firstPass = entries.map(([op]) => op);
        for (let i = firstPass.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [firstPass[i], firstPass[j]] = [firstPass[j]!, firstPass[i]!];
        }
        while (performance.now() < deadline) {
          await this.run(firstPass.shift() ?? draw(), user);
          operations++;
        }
      }),
    );
    return { seconds: (performance.now() - started) / 1000, operations };
  }

  /** Waits until the paid SBP top-ups are credited and the late USDT deposits are processed. */
  async settle(db: Db, timeoutMs = 60_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    for (const payment of this.pendingSbp.splice(0)) {
      for (;;) {
        const answer = await this.read('sbpGet', payment.user, `/api/wallet/sbp/${payment.paymentId}`);
        if (answer?.status === 200 && answer.body.data.status === 'succeeded') {
          payment.user.acked.sbp.push({ paymentId: payment.paymentId, amount: payment.amount });
          break;
        }
        if (performance.now() > deadline) throw new Error(`SBP payment ${payment.paymentId} not credited: ${JSON.stringify(answer?.body)}`);
        await sleep(100);
      }
    }
    for (const late of this.lateDeposits.splice(0)) {
      for (;;) {
        const [row] = await db.query<{ transaction_id: string }>('SELECT transaction_id FROM usdt_deposits WHERE tx_hash = $1', [late.txHash]);
        if (row) {
          late.user.acked.usdt.push(row.transaction_id);
          break;
        }
        if (performance.now() > deadline) throw new Error(`USDT deposit ${late.txHash} not credited`);
        await sleep(100);
      }
    }
  }
}

/** Waits until no job is queued or running: card jobs, the sandbox issuer's steps, SBP callbacks (every process's worker drains the table). */
export const waitForJobs = async (db: Db, timeoutMs = 60_000): Promise<void> => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running')`);
    if (!row?.n) return;
    if (performance.now() > deadline) {
      // Which jobs, and why: a job backing off after failed attempts, or one no process's registry runs.
      const left = await db.query<{ kind: string; status: string; attempts: number; run_at: Date; last_error: string | null }>(
        `SELECT kind, status, attempts, run_at, last_error FROM jobs WHERE status IN ('queued', 'running') ORDER BY id LIMIT 10`,
      );
      const list = left.map((job) => `${job.kind} ${job.status} (attempts ${job.attempts}, due ${job.run_at.toISOString()}): ${job.last_error ?? '-'}`);
      throw new Error(`${row.n} jobs still queued or running after ${timeoutMs} ms:\n${list.join('\n')}`);
    }
    await sleep(100);
  }
};

export interface Audit {
  ok: boolean;
  problems: string[];
  /** [label, value] lines to print. */
  lines: Array<[string, string]>;
}

/**
 * The exactly-once audit: the ledger balances (checkLedger); every acknowledged operation is in the database
 * exactly once and nothing unacknowledged is (counts equal); every card job finished and moved the money once.
 */
export const auditWorkload = async (db: Db, users: readonly LoadUser[]): Promise<Audit> => {
  const problems: string[] = [];
  const lines: Array<[string, string]> = [];
  const ledger = await checkLedger(db);
  if (!ledger.ok) problems.push(`checkLedger: ${JSON.stringify(ledger).slice(0, 2000)}`);
  lines.push(['unbalanced transactions', String(ledger.unbalancedTransactions.length)]);
  lines.push(['negative never-negative accounts', String(ledger.negativeAccounts.length)]);
  lines.push(['balances ≠ sum of entries', String(ledger.mismatchedBalances.length)]);

  const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params as never[]))[0]!.n;
  const compare = async (label: string, acked: readonly string[], table: string, idColumn: string, where = 'TRUE') => {
    const inDb = await count(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`);
    let present = 0;
    for (let i = 0; i < acked.length; i += 500) {
      const chunk = acked.slice(i, i + 500);
      present += await count(`SELECT count(*)::int AS n FROM ${table} WHERE ${where} AND ${idColumn} = ANY($1::text[])`, [chunk]);
    }
    const distinct = new Set(acked).size;
    lines.push([`acknowledged ${label} / in the database`, `${acked.length} / ${inDb}`]);
    if (distinct !== acked.length || present !== acked.length || inDb !== acked.length) {
      problems.push(`${label}: acknowledged ${acked.length} (${distinct} distinct), found ${present} of them, ${inDb} in all`);
    }
  };
  await compare('exchanges', users.flatMap((u) => u.acked.exchanges), 'ledger_transactions', 'id', `type = 'currencyExchange'`);
  await compare('USDT deposits', users.flatMap((u) => u.acked.usdt), 'ledger_transactions', 'id', `type = 'usdtDeposit'`);
  await compare('SBP top-ups', users.flatMap((u) => u.acked.sbp.map((p) => p.paymentId)), 'ledger_transactions', `details->>'paymentId'`, `type = 'sbpTopup'`);
  await compare('card issues', users.flatMap((u) => u.acked.cards), 'cards', 'id');
  await compare('card top-ups', users.flatMap((u) => u.acked.topups), 'card_topups', 'id');

  // Jobs (card requests, the sandbox issuer's steps, SBP callbacks): each finished; each card's issue and each
  // top-up settled or refunded exactly once.
  const jobs = await db.query<{ kind: string; status: string; n: number }>(`SELECT kind, status, count(*)::int AS n FROM jobs GROUP BY 1, 2 ORDER BY 1, 2`);
  lines.push(['jobs by kind and status', jobs.map((j) => `${j.kind} ${j.status} ${j.n}`).join(', ') || 'none']);
  if (jobs.some((j) => j.status !== 'done')) problems.push(`jobs not all done: ${JSON.stringify(jobs)}`);
  const issueOutcomes = await db.query<{ id: string; status: string; holds: number; outcomes: number }>(
    `SELECT c.id, c.status,
       (SELECT count(*)::int FROM ledger_transactions t WHERE t.type = 'cardIssue' AND t.details->>'cardId' = c.id) AS holds,
       (SELECT count(*)::int FROM ledger_transactions t WHERE t.type IN ('cardIssueSettle', 'cardIssueRefund') AND t.details->>'cardId' = c.id) AS outcomes
     FROM cards c`,
  );
  const badCards = issueOutcomes.filter((c) => c.holds !== 1 || c.outcomes !== 1 || !['active', 'rejected', 'failed', 'frozen'].includes(c.status));
  lines.push(['cards issued once and settled once', `${issueOutcomes.length - badCards.length} / ${issueOutcomes.length}`]);
  if (badCards.length) problems.push(`cards not issued exactly once: ${JSON.stringify(badCards.slice(0, 10))}`);
  const topupOutcomes = await db.query<{ id: string; status: string; transfers: number; outcomes: number }>(
    `SELECT p.id, p.status,
       (SELECT count(*)::int FROM ledger_transactions t WHERE t.type = 'cardTransfer' AND t.details->>'transferId' = p.id) AS transfers,
       (SELECT count(*)::int FROM ledger_transactions t WHERE t.type IN ('cardTopupSettle', 'cardTopupRefund') AND t.details->>'transferId' = p.id) AS outcomes
     FROM card_topups p`,
  );
  const badTopups = topupOutcomes.filter((t) => t.transfers !== 1 || t.outcomes !== 1);
  lines.push(['card top-ups moved once and settled once', `${topupOutcomes.length - badTopups.length} / ${topupOutcomes.length}`]);
  if (badTopups.length) problems.push(`card top-ups not applied exactly once: ${JSON.stringify(badTopups.slice(0, 10))}`);
  // Transfers, payment requests and withdrawals (issue #36): each in the ledger exactly once, requests paid at most once,
  // withdrawals settled or refunded once; the acknowledged ones are all there and nothing else is.
  const between = await auditMoneyBetweenPeople(db, {
    transfers: users.flatMap((u) => u.acked.transfers),
    withdrawals: users.flatMap((u) => u.acked.withdrawals),
  });
  lines.push(...between.lines);
  problems.push(...between.problems);
  lines.push(['result', problems.length ? 'FAILED' : 'OK']);
  return { ok: problems.length === 0, problems, lines };
};
