/**
 * Money out (issue #36): the address book (base58check), USDT withdrawals through the sandbox TRON network (confirmed,
 * failed, dropped and expired: refunded exactly once), SBP payouts, the 24-hour holds (new address, new device,
 * changed phone), email codes, fees, limits, idempotency, a storm of withdrawals; and operators' approval through
 * /api/ops/withdrawals (docs/ops.md "Withdrawals over the approval size"), frozen accounts included.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { accountIds, balanceOf, checkLedger } from '../../server/modules/ledger';
import { writeSandboxSetting } from '../../server/sandbox/settings';
import { fundWallet, newUser, refreshSessionOf, spreadClientIps, walletBalance, type TestUser } from './card-helpers';
import { createTestApp, latestCode, type TestApp } from './harness';
import { newOperator, type TestOperator } from './ops-support';

const ADDRESS = 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX';
const OTHER_ADDRESS = 'TEEFn7rQqx4Xc3GL1Bx27A155xAj7w5W7a';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WITHDRAWAL_POLL_MS: '10', SANDBOX_WITHDRAWAL_DELAY_MS: '0' } });
  spreadClientIps(t);
});
afterAll(() => t?.close());

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  t.call({ method, url, headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });
const tronSettings = (patch: object) => writeSandboxSetting(t.db, 'tronSender', patch, t.clock.now());
const code = async (user: TestUser): Promise<string> => {
  const sent = await call(user, 'POST', '/api/withdrawals/email-code');
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return (await latestCode(t, user.email))!;
};
const usdFee = () => ({ amount: t.config.withdrawals.usdt.fee, currency: 'USD' });
const rubFee = () => ({ amount: t.config.withdrawals.sbp.fee, currency: 'RUB' });
/** Runs the withdrawal jobs until the withdrawal leaves `processing` (or the time is up). */
const settle = async (user: TestUser, id: string) => {
  for (let i = 0; i < 200; i++) {
    await runDueJobs(t.db, { registry: appJobRegistry(t.app) });
    const now = (await call(user, 'GET', `/api/withdrawals/${id}`)).body.data;
    if (now.status !== 'processing') return now;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error('withdrawal did not settle');
};
const clearing = () => balanceOf(t.db, accountIds.system('withdrawal_clearing', 'USD'));
/** A verified, funded user with an address added a day ago (past its hold). */
const readyUser = async (usd = 500_00): Promise<{ user: TestUser; addressId: string }> => {
  const user = await newUser(t);
  await fundWallet(t.db, user.id, usd);
  const added = await call(user, 'POST', '/api/withdrawals/addresses', { address: ADDRESS, label: 'My Ledger' });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  t.clock.advance(t.config.withdrawals.holdSeconds + 1);
  await refreshSessionOf(t, user);
  return { user, addressId: added.body.data.id };
};

describe('address book', () => {
  it('keeps checked, labelled addresses; refuses bad ones', async () => {
    const user = await newUser(t);
    for (const address of ['TCNtTa1rveKkovHR2ebABu4K66U6ocUCZY', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', `${ADDRESS}\u0000`, '<script>', '']) {
      const res = await call(user, 'POST', '/api/withdrawals/addresses', { address, label: 'x' });
      expect(res.status, address).toBe(400);
    }
    for (const label of ['', '   ', 'a\u202eb', 'x'.repeat(33)]) {
      expect((await call(user, 'POST', '/api/withdrawals/addresses', { address: ADDRESS, label })).status, label).toBe(400);
    }
    const added = await call(user, 'POST', '/api/withdrawals/addresses', { address: ADDRESS, label: '  Cold <wallet> ' });
    expect(added.body.data).toMatchObject({ network: 'TRON', address: ADDRESS, label: 'Cold <wallet>' });
    expect(new Date(added.body.data.usableFrom).getTime() - new Date(added.body.data.createdAt).getTime()).toBe(t.config.withdrawals.holdSeconds * 1000);
    expect((await call(user, 'POST', '/api/withdrawals/addresses', { address: ADDRESS, label: 'again' })).body.error.code).toBe('ADDRESS_ALREADY_SAVED');
    const other = await newUser(t);
    expect((await call(other, 'POST', `/api/withdrawals/addresses/${added.body.data.id}/remove`)).body.error.code).toBe('ADDRESS_NOT_FOUND');
    expect((await call(user, 'POST', `/api/withdrawals/addresses/${added.body.data.id}/remove`)).body.data).toEqual({ removed: true });
    expect((await call(user, 'GET', '/api/withdrawals/addresses')).body.data.items).toEqual([]);
  });
});

describe('USDT withdrawal', () => {
  it('holds a new address for 24 hours, then sends once, confirmed with its hash and explorer link', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 500_00);
    const added = (await call(user, 'POST', '/api/withdrawals/addresses', { address: ADDRESS, label: 'Exchange' })).body.data;
    const held = await call(user, 'POST', '/api/withdrawals/usdt', { addressId: added.id, amount: 100_00, fee: usdFee(), code: '000000' }, randomUUID());
    expect(held.body.error).toMatchObject({ code: 'WITHDRAWAL_ON_HOLD', details: { availableAt: added.usableFrom } });
    t.clock.advance(t.config.withdrawals.holdSeconds + 1);
    await refreshSessionOf(t, user);

    const options = (await call(user, 'GET', '/api/withdrawals/options')).body.data;
    expect(options.usdt).toMatchObject({ available: true, fee: usdFee(), network: 'TRON' });
    expect(options.deviceHoldUntil).toBeNull();
    const key = randomUUID();
    const body = { addressId: added.id, amount: 100_00, fee: usdFee(), code: await code(user) };
    expect((await call(user, 'POST', '/api/withdrawals/usdt', { ...body, fee: { amount: 1, currency: 'USD' } }, randomUUID())).body.error.code).toBe('WITHDRAWAL_FEE_CHANGED');
    expect((await call(user, 'POST', '/api/withdrawals/usdt', { ...body, code: body.code === '111111' ? '222222' : '111111' }, randomUUID())).body.error.code).toBe('CODE_INVALID');
    const first = await call(user, 'POST', '/api/withdrawals/usdt', body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'processing', amount: { amount: 100_00 }, total: { amount: 100_00 + usdFee().amount }, destination: { address: ADDRESS, usdtAmount: '100.000000' } });
    const replay = await call(user, 'POST', '/api/withdrawals/usdt', body, key);
    expect(replay.body.data).toEqual(first.body.data);
    const wallet = (await call(user, 'GET', '/api/wallet')).body.data.balances[0];
    expect(wallet).toMatchObject({ available: { amount: 500_00 - 100_00 - usdFee().amount }, held: { amount: 100_00 + usdFee().amount } });

    const done = await settle(user, first.body.data.id);
    expect(done).toMatchObject({ status: 'completed', txHash: expect.stringMatching(/^[0-9a-f]{64}$/), explorerUrl: expect.stringContaining('tronscan.org') });
    const sends = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_tron_sends WHERE to_address = $1 AND tx_id = $2', [ADDRESS, done.txHash]);
    expect(sends[0]!.n).toBe(1);
    const row = (await call(user, 'GET', '/api/wallet/transactions?type=usdtWithdrawal')).body.data.items[0];
    expect(row).toMatchObject({ status: 'completed', direction: 'debit', details: { state: 'completed', txHash: done.txHash, addressLabel: 'Exchange' } });
    expect(await walletBalance(t.db, user.id)).toBe(500_00 - 100_00 - usdFee().amount);
    expect((await checkLedger(t.db)).ok).toBe(true);
    // The code is used up: a new withdrawal needs a new one.
    expect((await call(user, 'POST', '/api/withdrawals/usdt', body, randomUUID())).body.error.code).toBe('CODE_EXPIRED');
  });

  for (const [outcome, code] of [
    ['fail', 'TRON_OUT_OF_ENERGY'],
    ['drop', 'TRON_EXPIRED'],
  ] as const) {
    it(`a transfer the network ${outcome === 'fail' ? 'fails' : 'never includes'} is refunded exactly once (${code})`, async () => {
      const { user, addressId } = await readyUser();
      await tronSettings({ outcome });
      try {
        const res = await call(user, 'POST', '/api/withdrawals/usdt', { addressId, amount: 50_00, fee: usdFee(), code: await code_(user) }, randomUUID());
        expect(res.status).toBe(200);
        if (outcome === 'drop') {
          for (let i = 0; i < 5; i++) await runDueJobs(t.db, { registry: appJobRegistry(t.app) });
          t.clock.advance(t.config.withdrawals.tronExpirationSeconds + 301);
          await refreshSessionOf(t, user);
        }
        const done = await settle(user, res.body.data.id);
        expect(done).toMatchObject({ status: 'failed', failureCode: code });
        expect(await walletBalance(t.db, user.id)).toBe(500_00);
        for (let i = 0; i < 3; i++) await runDueJobs(t.db, { registry: appJobRegistry(t.app) });
        expect(await walletBalance(t.db, user.id)).toBe(500_00);
        const refunds = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1`, [`withdrawalRefund:${res.body.data.id}`]);
        expect(refunds[0]!.n).toBe(1);
        expect((await call(user, 'GET', `/api/wallet/transactions?type=usdtWithdrawal`)).body.data.items[0]).toMatchObject({ status: 'failed', failureCode: code });
      } finally {
        await tronSettings({ outcome: 'confirm' });
      }
    });
  }

  it('refuses what it must, moving nothing', async () => {
    const { user, addressId } = await readyUser(20_00);
    const c = await code_(user);
    const cases: Array<[object, string]> = [
      [{ addressId, amount: 1_00, fee: usdFee(), code: c }, 'AMOUNT_BELOW_MINIMUM'],
      [{ addressId, amount: 50_00, fee: usdFee(), code: c }, 'INSUFFICIENT_FUNDS'],
      [{ addressId: 'wad_nobody', amount: 10_00, fee: usdFee(), code: c }, 'ADDRESS_NOT_FOUND'],
      [{ addressId, amount: 10_00, fee: usdFee(), code: '12345' }, 'VALIDATION_ERROR'],
      [{ addressId, amount: -1, fee: usdFee(), code: c }, 'VALIDATION_ERROR'],
    ];
    for (const [body, expected] of cases) {
      const res = await call(user, 'POST', '/api/withdrawals/usdt', body, randomUUID());
      expect(res.body.error?.code, JSON.stringify(body)).toBe(expected);
    }
    expect(await walletBalance(t.db, user.id)).toBe(20_00);
    const pending = await newUser(t, { verification: 'under_verification' });
    expect((await call(pending, 'POST', '/api/withdrawals/usdt', cases[0]![0], randomUUID())).body.error.code).toBe('ACCOUNT_UNDER_VERIFICATION');
  });

  it('holds withdrawals after a sign-in on a new device', async () => {
    const { user, addressId } = await readyUser();
    const sent = await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: user.email, purpose: 'signin' }, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1' } });
    expect(sent.status).toBe(200);
    const signedIn = await t.call({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: { email: user.email, code: await latestCode(t, user.email) },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1' },
    });
    const phone: TestUser = { ...user, token: signedIn.body.data.accessToken, headers: { authorization: `Bearer ${signedIn.body.data.accessToken}` } };
    const options = (await call(phone, 'GET', '/api/withdrawals/options')).body.data;
    expect(options.deviceHoldUntil).not.toBeNull();
    t.clock.advance(61);
    const res = await call(phone, 'POST', '/api/withdrawals/usdt', { addressId, amount: 10_00, fee: usdFee(), code: '123456' }, randomUUID());
    expect(res.body.error).toMatchObject({ code: 'WITHDRAWAL_ON_HOLD', details: { availableAt: options.deviceHoldUntil } });
    // The old device is not held.
    await refreshSessionOf(t, user);
    expect((await call(user, 'GET', '/api/withdrawals/options')).body.data.deviceHoldUntil).toBeNull();
  });
});

describe('SBP withdrawal', () => {
  it('pays out to the own phone at the chosen bank; a changed phone holds it; a declined payout is refunded', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 10_000_00, 'RUB');
    const options = (await call(user, 'GET', '/api/withdrawals/options')).body.data;
    expect(options.sbp.banks.length).toBeGreaterThan(3);
    expect(options.sbp.phoneMasked).toBe('•••4567');
    const bankId = options.sbp.banks[0].id;
    expect((await call(user, 'POST', '/api/withdrawals/sbp', { bankId: 'nope', amount: 500_00, fee: rubFee(), code: '123456' }, randomUUID())).body.error.code).toBe('BANK_NOT_FOUND');
    const res = await call(user, 'POST', '/api/withdrawals/sbp', { bankId, amount: 500_00, fee: rubFee(), code: await code_(user) }, randomUUID());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.destination).toMatchObject({ kind: 'sbp', bankId, phoneMasked: expect.stringContaining('45-67') });
    expect((await settle(user, res.body.data.id)).status).toBe('completed');
    expect(await walletBalance(t.db, user.id, 'RUB')).toBe(10_000_00 - 500_00 - rubFee().amount);

    await writeSandboxSetting(t.db, 'sbpPayouts', { outcome: 'fail' }, t.clock.now());
    try {
      t.clock.advance(61);
      await refreshSessionOf(t, user);
      const declined = await call(user, 'POST', '/api/withdrawals/sbp', { bankId, amount: 300_00, fee: rubFee(), code: await code_(user) }, randomUUID());
      expect((await settle(user, declined.body.data.id))).toMatchObject({ status: 'failed', failureCode: 'PAYOUT_DECLINED' });
      expect(await walletBalance(t.db, user.id, 'RUB')).toBe(10_000_00 - 500_00 - rubFee().amount);
    } finally {
      await writeSandboxSetting(t.db, 'sbpPayouts', { outcome: 'succeed' }, t.clock.now());
    }
    expect((await t.call({ method: 'PATCH', url: '/api/users/me', headers: user.headers, payload: { phoneNumber: '+79990001122' } })).status).toBe(200);
    const held = await call(user, 'POST', '/api/withdrawals/sbp', { bankId, amount: 300_00, fee: rubFee(), code: '123456' }, randomUUID());
    expect(held.body.error.code).toBe('WITHDRAWAL_ON_HOLD');
  });
});

describe('storm', () => {
  it('withdrawals and transfers of the same users at once: no money made or lost, none negative, the ledger at zero', async () => {
    const users: Array<{ user: TestUser; addressId: string }> = [];
    for (let i = 0; i < 6; i++) {
      const user = await newUser(t);
      await fundWallet(t.db, user.id, 300_00);
      users.push({ user, addressId: (await call(user, 'POST', '/api/withdrawals/addresses', { address: i % 2 ? ADDRESS : OTHER_ADDRESS, label: 'x' })).body.data.id });
    }
    t.clock.advance(t.config.withdrawals.holdSeconds + 1);
    for (const { user } of users) await refreshSessionOf(t, user);
    const codes = await Promise.all(users.map(async ({ user }) => code_(user)));
    const payCodes = await Promise.all(users.map(async ({ user }) => (await call(user, 'GET', '/api/transfers/profile')).body.data.payCode));
    const total = async () => (await Promise.all(users.map(({ user }) => walletBalance(t.db, user.id)))).reduce((a, b) => a + b, 0);
    const before = await total();
    const results = await Promise.all([
      // Two withdrawals per user with the same code: at most one may pass.
      ...users.flatMap(({ user, addressId }, i) =>
        [0, 1].map(() => call(user, 'POST', '/api/withdrawals/usdt', { addressId, amount: 150_00, fee: usdFee(), code: codes[i] }, randomUUID())),
      ),
      ...Array.from({ length: 60 }, (_, i) => call(users[i % 6]!.user, 'POST', '/api/transfers', { payCode: payCodes[(i + 1) % 6], amount: { amount: 10_00 + i, currency: 'USD' } }, randomUUID())),
    ]);
    for (const res of results) expect(res.status === 200 || ['CODE_EXPIRED', 'INSUFFICIENT_FUNDS', 'WITHDRAWAL_LIMIT_EXCEEDED'].includes(res.body.error?.code), JSON.stringify(res.body)).toBe(true);
    const withdrawals = results.slice(0, 12).filter((r) => r.status === 200).map((r) => r.body.data);
    expect(withdrawals.length).toBeLessThanOrEqual(6);
    for (let i = 0; i < 100; i++) {
      await runDueJobs(t.db, { registry: appJobRegistry(t.app) });
      const open = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND status IN ('pending', 'sending')`, [JSON.stringify(withdrawals.map((w) => w.id))]);
      if (open[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const sent = withdrawals.reduce((sum, w) => sum + w.total.amount, 0);
    expect(await total()).toBe(before - sent);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
    for (const { user } of users) expect(await walletBalance(t.db, user.id)).toBeGreaterThanOrEqual(0);
    expect(await clearing()).toBe(0);
  });
});

async function code_(user: TestUser) {
  return code(user);
}

let compliance: TestOperator;
const ops = (method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url, headers: compliance.headers, ...(payload ? { payload } : {}) });
const decide = (id: string, decision: 'approve' | 'decline', reason = 'checked the history') =>
  ops('POST', `/api/ops/withdrawals/${id}/decide`, { decision, reason });
const awaiting = async () => (await ops('GET', '/api/ops/withdrawals/awaiting?limit=100')).body.data.items as Array<Record<string, any>>;
const audit = (id: string) => t.db.query<{ action: string; reason: string; operator_id: string }>('SELECT action, reason, operator_id FROM ops_audit_log WHERE target_id = $1', [id]);

/** A verified user whose USDT withdrawal above the approval size waits for an operator (then one signs in). */
const heldWithdrawal = async () => {
  const above = t.config.withdrawals.usdt.approvalAbove + 1_00;
  const { user, addressId } = await readyUser(above + usdFee().amount + 100_00);
  const res = await call(user, 'POST', '/api/withdrawals/usdt', { addressId, amount: above, fee: usdFee(), code: await code(user) }, randomUUID());
  expect(res.body.data?.status, JSON.stringify(res.body)).toBe('awaitingApproval');
  // Signed in after the day the address waited (an operator session ends sooner).
  compliance = await newOperator(t, ['compliance'], 'Carla Compliance');
  await refreshSessionOf(t, user);
  return { user, id: res.body.data.id as string, total: above + usdFee().amount };
};

describe('withdrawals held for an operator', () => {
  it('are listed for compliance; approved → sent; a second decision is refused; both audited', async () => {
    const { user, id } = await heldWithdrawal();
    const listed = (await awaiting()).find((w) => w.id === id);
    expect(listed).toMatchObject({
      status: 'awaitingApproval',
      method: 'usdt',
      user: { id: user.id, name: expect.any(String), email: user.email, frozen: false },
      approvalAbove: { amount: t.config.withdrawals.usdt.approvalAbove, currency: 'USD' },
      decidedBy: null,
    });
    const approved = await decide(id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ id, status: 'processing', decidedBy: compliance.id });
    expect((await awaiting()).some((w) => w.id === id)).toBe(false);
    expect((await settle(user, id)).status).toBe('completed');
    const again = await decide(id, 'decline');
    expect([again.status, again.body.error.code]).toEqual([409, 'WITHDRAWAL_ALREADY_DECIDED']);
    expect(await audit(id)).toEqual([{ action: 'withdrawal.approved', reason: 'checked the history', operator_id: compliance.id }]);
    expect((await decide('wdr_nobody', 'approve')).body.error.code).toBe('WITHDRAWAL_NOT_FOUND');
    expect((await decide(id, 'approve', 'x')).status).toBe(400); // a reason of 3+ characters
  });

  it('declined → refunded exactly once, the user told', async () => {
    const { user, id, total } = await heldWithdrawal();
    await t.db.query('UPDATE users SET telegram_id = $2 WHERE id = $1', [user.id, 710_000_000 + Math.floor(Math.random() * 1e6)]);
    const before = await walletBalance(t.db, user.id);
    const declined = await decide(id, 'decline', 'unusual for this account');
    expect(declined.body.data).toMatchObject({ status: 'rejected', failureCode: 'WITHDRAWAL_REJECTED', decidedBy: compliance.id });
    expect((await decide(id, 'decline')).body.error.code).toBe('WITHDRAWAL_ALREADY_DECIDED');
    expect(await walletBalance(t.db, user.id)).toBe(before + total);
    const told = await t.db.query<{ kind: string }>('SELECT kind FROM bot_notifications WHERE user_id = $1', [user.id]);
    expect(told.map((row) => row.kind)).toContain('withdrawalFailed');
    expect((await audit(id)).map((row) => row.action)).toEqual(['withdrawal.declined']);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('a frozen account withdraws nothing: no new withdrawal, and a held one can only be declined', async () => {
    const { user, id, total } = await heldWithdrawal();
    const frozen = await ops('POST', `/api/ops/users/${user.id}/freeze`, { reason: 'suspicious_activity', note: 'large withdrawal' });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    const refused = await call(user, 'POST', '/api/withdrawals/usdt', { addressId: 'wad_any', amount: 20_00, fee: { amount: t.config.withdrawals.usdt.fee, currency: 'USD' }, code: '123456' }, randomUUID());
    expect([refused.status, refused.body.error.code]).toEqual([403, 'ACCOUNT_FROZEN']);
    expect((await call(user, 'POST', '/api/withdrawals/email-code')).body.error.code).toBe('ACCOUNT_FROZEN');
    expect((await awaiting()).find((w) => w.id === id)?.user.frozen).toBe(true);
    const before = await walletBalance(t.db, user.id);
    const approve = await decide(id, 'approve');
    expect([approve.status, approve.body.error.code]).toEqual([409, 'WITHDRAWAL_ACCOUNT_FROZEN']);
    expect((await call(user, 'GET', `/api/withdrawals/${id}`)).body.data.status).toBe('awaitingApproval');
    expect(await audit(id)).toEqual([]);
    expect((await decide(id, 'decline', 'account frozen')).body.data.status).toBe('rejected');
    expect(await walletBalance(t.db, user.id)).toBe(before + total); // money still comes in to a frozen account
  });
});
