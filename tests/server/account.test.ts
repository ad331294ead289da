/**
 * Account (issue #14): profile edits validated like registration, the email changed only through a code sent to the
 * NEW address, deletion only when empty (every session ends, the row is anonymised, the identification copy kept).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@/shared/money';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { balanceOf, checkLedger, getSystemAccount, getWalletAccount, postTransaction } from '../../server/modules/ledger';
import { createSbpPayment } from '../../server/modules/wallet';
import { createCard, setIssuerMode } from './card-helpers';
import { createTestApp, latestCode, sandboxHeaders, signUp, uniqueEmail, uniqueIp, type TestApp } from './harness';
import { bearer, createSbp, depositUsdt, getWallet, rawTransfer, refreshTokens, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setIssuerMode(t, { delayMs: 0 });
});
afterAll(() => t.close());

const me = (token: string) => t.call({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const patch = (token: string, payload: unknown) => t.call({ method: 'PATCH', url: '/api/users/me', headers: bearer(token), payload: payload as object });
const sendEmailCode = (token: string, email: string) =>
  t.call({ method: 'POST', url: '/api/users/me/email/send-code', headers: bearer(token), payload: { email }, remoteAddress: uniqueIp() });
const confirmEmail = (token: string, email: string, code: string) =>
  t.call({ method: 'POST', url: '/api/users/me/email/confirm', headers: bearer(token), payload: { email, code } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const mailbox = async (email: string) =>
  (await t.call({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}`, headers: sandboxHeaders(t) })).body.data.messages as Array<{
    kind: string;
    code?: string;
    text: string;
  }>;
const signInCode = async (email: string) => {
  await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signin' }, remoteAddress: uniqueIp() });
  const code = await latestCode(t, email);
  return t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email, code: code ?? '000000' } });
};

describe('PATCH /api/users/me (profile)', () => {
  it('changes names and phone; the answer and /users/me show them', async () => {
    const user = await signUp(t);
    const res = await patch(user.accessToken, { firstName: 'Мария-Анна', lastName: "O'Neil", phoneNumber: '+375291234567' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ firstName: 'Мария-Анна', lastName: "O'Neil", name: "Мария-Анна O'Neil", phoneNumber: '+375291234567' });
    expect((await me(user.accessToken)).body.data).toMatchObject({ firstName: 'Мария-Анна', phoneNumber: '+375291234567', email: user.email });
    // One field alone is fine.
    expect((await patch(user.accessToken, { lastName: 'Smith' })).body.data).toMatchObject({ firstName: 'Мария-Анна', lastName: 'Smith' });
  });

  it.each([
    ['markup in a name', { firstName: '<script>alert(1)</script>' }, 'firstName'],
    ['an emoji', { lastName: 'Smith 😀' }, 'lastName'],
    ['a control character', { firstName: 'Ann\u0007' }, 'firstName'],
    ['a NUL', { firstName: 'Ann\u0000' }, null],
    ['a too long name', { firstName: 'A'.repeat(65) }, 'firstName'],
    ['an empty name', { lastName: '' }, 'lastName'],
    ['digits only as a name', { firstName: '12345' }, 'firstName'],
    ['a phone without +', { phoneNumber: '89991234567' }, 'phoneNumber'],
    ['a phone with letters', { phoneNumber: '+7999ABC4567' }, 'phoneNumber'],
    ['a name that is a number', { firstName: 42 }, 'firstName'],
    ['nothing to change', {}, null],
    ['an email (changed only by code)', { email: 'new@example.com' }, null],
    ['the country (not editable)', { country: 'BLR' }, null],
  ])('refuses %s with 400 and changes nothing', async (_, body, field) => {
    const user = await signUp(t);
    const before = (await me(user.accessToken)).body.data;
    const res = await patch(user.accessToken, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    if (field) expect(Object.keys(res.body.error.fields)).toContain(field);
    expect((await me(user.accessToken)).body.data).toEqual(before);
  });

  it('needs a token', async () => {
    expect((await t.call({ method: 'PATCH', url: '/api/users/me', payload: { firstName: 'Eve' } })).status).toBe(401);
  });
});

describe('email change by a code sent to the new address', () => {
  it('the code goes to the NEW address; the old one signs in until it is confirmed; then the new one does', async () => {
    const user = await signUp(t);
    const next = uniqueEmail('new');
    const sent = await sendEmailCode(user.accessToken, next.toUpperCase());
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ resendInSeconds: 60, expiresInSeconds: 600 });
    const [mail] = await mailbox(next);
    expect(mail).toMatchObject({ kind: 'email-change-code' });
    expect(mail!.code).toMatch(/^\d{6}$/);
    // Nothing went to the old address, and it still signs in.
    expect((await mailbox(user.email)).some((m) => m.kind === 'email-change-code')).toBe(false);
    expect((await me(user.accessToken)).body.data.email).toBe(user.email);
    expect((await signInCode(user.email)).status).toBe(200);

    const confirmed = await confirmEmail(user.accessToken, next, mail!.code!);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.email).toBe(next);
    expect((await me(user.accessToken)).body.data.email).toBe(next);
    // The old address is told, and no longer signs in; the new one does.
    expect((await mailbox(user.email))[0]).toMatchObject({ kind: 'email-changed' });
    expect((await signInCode(user.email)).status).toBe(400);
    expect((await signInCode(next)).status).toBe(200);
    // The code is single use.
    expect((await confirmEmail(user.accessToken, next, mail!.code!)).body.error.code).toBe('CODE_EXPIRED');
  });

  it('wrong codes count down, the fifth voids the code; the right code after that is refused too', async () => {
    const user = await signUp(t);
    const next = uniqueEmail('new');
    await sendEmailCode(user.accessToken, next);
    const code = (await latestCode(t, next))!;
    for (let left = 4; left >= 1; left--) {
      const res = await confirmEmail(user.accessToken, next, wrongCode(code));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'CODE_INVALID', message: `Incorrect code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` });
    }
    expect((await confirmEmail(user.accessToken, next, wrongCode(code))).body.error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    expect((await confirmEmail(user.accessToken, next, code)).body.error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    expect((await me(user.accessToken)).body.data.email).toBe(user.email);
  });

  it('a code expires after 10 minutes', async () => {
    const user = await signUp(t);
    const next = uniqueEmail('new');
    await sendEmailCode(user.accessToken, next);
    const code = (await latestCode(t, next))!;
    t.clock.advance(601);
    const res = await confirmEmail(user.accessToken, next, code);
    expect(res.body.error.code).toBe('CODE_EXPIRED');
    const fresh = await signUp(t);
    expect((await me(fresh.accessToken)).status).toBe(200);
  });

  it('an address of another account is answered like a free one (no oracle): no code goes there, confirming fails like a wrong code', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const free = uniqueEmail('free');
    const [taken, notTaken] = [await sendEmailCode(user.accessToken, other.email), await sendEmailCode(user.accessToken, free)];
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(notTaken.body);
    expect((await mailbox(other.email)).some((m) => m.kind === 'email-change-code')).toBe(false);
    expect((await mailbox(free)).some((m) => m.kind === 'email-change-code')).toBe(true);
    // Confirming the taken address: a wrong code, counted, whatever is typed; the same answer a wrong code gets for the free one.
    const wrongForTaken = await confirmEmail(user.accessToken, other.email, '123456');
    const wrongForFree = await confirmEmail(user.accessToken, free, (await latestCode(t, free)) === '123456' ? '654321' : '123456');
    expect(wrongForTaken.status).toBe(400);
    expect(wrongForTaken.body).toEqual(wrongForFree.body);
    expect(wrongForTaken.body.error).toMatchObject({ code: 'CODE_INVALID', message: 'Incorrect code. 4 attempts left.' });

    // Taken between send-code and confirm: the right code fails like a wrong one, nothing changes.
    const next = uniqueEmail('race');
    await sendEmailCode(user.accessToken, next);
    const code = (await latestCode(t, next))!;
    await signUp(t, next);
    const confirm = await confirmEmail(user.accessToken, next, code);
    expect(confirm.status).toBe(400);
    expect(confirm.body.error.code).toBe('CODE_INVALID');
    expect((await me(user.accessToken)).body.data.email).toBe(user.email);
  });

  it('send-code is limited per account and per IP, taken addresses counted like free ones', async () => {
    const user = await signUp(t);
    const others = await Promise.all([1, 2, 3].map(() => signUp(t)));
    const answers = [];
    for (const email of [others[0]!.email, uniqueEmail('l1'), others[1]!.email, uniqueEmail('l2'), others[2]!.email, uniqueEmail('l3')]) {
      answers.push((await sendEmailCode(user.accessToken, email)).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]); // 5 an hour per account, whatever the addresses
    const ip = uniqueIp();
    const perIp = [];
    const moreTaken = await Promise.all([1, 2, 3].map(() => signUp(t)));
    let asker = await signUp(t);
    for (let i = 0; i < 21; i++) {
      if (i > 0 && i % 4 === 0) asker = await signUp(t); // under the per-account limit: the IP's limit is what is tested
      const email = i < 3 ? moreTaken[i]!.email : uniqueEmail('ip'); // three taken addresses among free ones
      const res = await t.call({ method: 'POST', url: '/api/users/me/email/send-code', headers: bearer(asker.accessToken), payload: { email }, remoteAddress: ip });
      perIp.push(res.status === 429 ? res.body.error.code : res.status);
    }
    expect(perIp.slice(0, 20).every((status) => status === 200), JSON.stringify(perIp)).toBe(true);
    expect(perIp.slice(-1)).toEqual(['CODE_RATE_LIMITED']);
  });

  it('refuses the current address; a code is bound to the account that asked for it', async () => {
    const user = await signUp(t);
    expect((await sendEmailCode(user.accessToken, user.email)).body.error.code).toBe('EMAIL_UNCHANGED');
    const intruder = await signUp(t);
    const next = uniqueEmail('bound');
    await sendEmailCode(user.accessToken, next);
    const code = (await latestCode(t, next))!;
    // Another account with the very code: there is no code for IT, so it is refused and the owner's code still works.
    expect((await confirmEmail(intruder.accessToken, next, code)).body.error.code).toBe('CODE_EXPIRED');
    expect((await confirmEmail(user.accessToken, next, code)).status).toBe(200);
  });

  it('refuses malformed input', async () => {
    const user = await signUp(t);
    expect((await sendEmailCode(user.accessToken, 'not-an-email')).status).toBe(400);
    expect((await confirmEmail(user.accessToken, uniqueEmail(), '12ab56')).status).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/users/me/email/send-code', payload: { email: uniqueEmail() } })).status).toBe(401);
  });
});

/** Moves all of a wallet's money to fee revenue in one balanced ledger transaction (so a card is the only blocker). */
const emptyWallet = async (user: TestUser) => {
  await t.db.tx(async (q) => {
    const wallet = await getWalletAccount(q, user.userId, 'USD');
    const balance = await balanceOf(q, wallet.id);
    if (balance === 0) return;
    const revenue = await getSystemAccount(q, 'fee_revenue', 'USD');
    await postTransaction(q, {
      type: 'serviceCommission',
      userId: user.userId,
      idempotencyKey: `test-empty:${user.userId}`,
      details: { reason: 'test' },
      entries: [
        { accountId: wallet.id, amount: -balance },
        { accountId: revenue.id, amount: balance },
      ],
    });
  });
};
const deletionCheck = (user: TestUser) => t.call({ method: 'GET', url: '/api/users/me/deletion', headers: user.headers });
const deleteAccount = (user: TestUser, payload: unknown = { confirm: true }) =>
  t.call({ method: 'POST', url: '/api/users/me/delete', headers: user.headers, payload: payload as object });

describe('account deletion', () => {
  it('is refused while a wallet holds money, naming the balance', async () => {
    const user = await verifiedUser(t);
    await depositUsdt(t, user, 12);
    const check = await deletionCheck(user);
    expect(check.body.data.allowed).toBe(false);
    expect(check.body.data.blockers).toEqual([{ kind: 'walletBalance', currency: 'USD', amount: expect.any(Number) }]);
    const amount = check.body.data.blockers[0].amount as number;
    const res = await deleteAccount(user);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'ACCOUNT_NOT_EMPTY', service: 'users' });
    expect(res.body.error.message).toContain(`your USD wallet holds ${formatMoney({ amount, currency: 'USD' }, 'en')}`);
    expect((await me(user.token)).status).toBe(200);
  });

  it('is refused while a card is open, naming the card, even with an empty wallet', async () => {
    const user = await verifiedUser(t);
    await depositUsdt(t, user, 100);
    const card = await createCard(t, { ...user, id: user.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    expect(card.status).toBe(200);
    await runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
    await emptyWallet(user);
    const check = await deletionCheck(user);
    // An open card can be closed: the blocker says so (`next: 'close'`).
    expect(check.body.data.blockers).toEqual([{ kind: 'card', cardId: card.body.data.id, last4: expect.stringMatching(/^\d{4}$/), status: 'active', next: 'close' }]);
    const res = await deleteAccount(user);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/card •\d{4} is active/);
    expect((await me(user.token)).status).toBe(200);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a card still being issued cannot be closed yet: its blocker says to wait (next: wait), never to close it', async () => {
    const user = await verifiedUser(t);
    await depositUsdt(t, user, 100);
    const card = await createCard(t, { ...user, id: user.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    expect(card.status).toBe(200);
    const check = await deletionCheck(user);
    const blocker = check.body.data.blockers.find((b: { kind: string }) => b.kind === 'card');
    expect(blocker).toEqual({ kind: 'card', cardId: card.body.data.id, last4: null, status: 'pending', next: 'wait' });
    await runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
  });

  it('is refused while an SBP payment awaits payment, and allowed once it has expired', async () => {
    const user = await verifiedUser(t);
    const created = await createSbp(t, user, { amount: 15_000 });
    expect(created.status).toBe(200);
    const check = await deletionCheck(user);
    expect(check.body.data).toEqual({ allowed: false, blockers: [{ kind: 'pendingTransaction', amount: 15_000, currency: 'RUB' }] });
    const res = await deleteAccount(user);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('₽150.00 is still on its way');
    expect((await me(user.token)).status).toBe(200);
    // Past its expiry (and the acquirer's grace for a late callback), nothing is on its way any more.
    t.clock.advance(24 * 60 * 60);
    await refreshTokens(t, user);
    expect((await deletionCheck(user)).body.data).toEqual({ allowed: true, blockers: [] });
  });

  it('is refused while a USDT deposit attributed to the user is held for review', async () => {
    const user = await verifiedUser(t);
    const { usdtDepositTag: tag } = await getWallet(t, user);
    const held = await rawTransfer(t, { amount: `1.${tag}`, from: 'TStrangerDe1etionXXXXXXXXXXXXXXXXX' });
    expect(held.body.data.outcome).toMatchObject({ status: 'unmatched', reason: 'below_minimum' });
    const check = await deletionCheck(user);
    expect(check.body.data.allowed).toBe(false);
    // 1.<tag> USDT, rounded down to the cent as a credit would be.
    const cents = 100 + Math.floor(Number(tag) / 10_000);
    expect(check.body.data.blockers).toEqual([{ kind: 'pendingTransaction', amount: cents, currency: 'USD' }]);
    const res = await deleteAccount(user);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(`${formatMoney({ amount: cents, currency: 'USD' }, 'en')} is still on its way`);
    // Once support has resolved it, it no longer blocks.
    await t.db.query('UPDATE unmatched_deposits SET resolved_at = now() WHERE candidate_user_id = $1', [user.userId]);
    expect((await deletionCheck(user)).body.data).toEqual({ allowed: true, blockers: [] });
  });

  it('an empty account is deleted: every session ends, the row is anonymised, the required copy is kept', async () => {
    const first = await signUp(t);
    const second = await signInCode(first.email);
    const user: TestUser = { userId: first.user.id, email: first.email, token: first.accessToken, refreshToken: first.refreshToken, headers: bearer(first.accessToken) };
    expect((await deletionCheck(user)).body.data).toEqual({ allowed: true, blockers: [] });
    expect((await deleteAccount(user, {})).status).toBe(400);
    const res = await deleteAccount(user);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true });

    for (const token of [first.accessToken, second.body.data.accessToken]) expect((await me(token)).status).toBe(401);
    for (const refreshToken of [first.refreshToken, second.body.data.refreshToken])
      expect((await t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } })).status).toBe(401);
    expect((await t.db.query('SELECT 1 FROM email_codes WHERE email = $1', [first.email])).length).toBe(0);
    // The address no longer signs in to the deleted account.
    expect((await signInCode(first.email)).status).toBe(400);

    const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [user.userId]);
    expect(row).toMatchObject({ first_name: 'Deleted', last_name: 'Account', phone_number: '', telegram_id: null, email: `deleted-${user.userId}@deleted.invalid` });
    expect(row!.deleted_at).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain(first.email);
    const [kept] = await t.db.query<{ identity: Record<string, unknown>; retain_until: Date }>('SELECT identity, retain_until FROM account_deletions WHERE user_id = $1', [user.userId]);
    expect(kept!.identity).toMatchObject({ email: first.email, first_name: 'Ada', last_name: 'Lovelace', phone_number: '+79991234567' });
    expect(kept!.retain_until.getUTCFullYear()).toBe(t.clock.now().getUTCFullYear() + 5);

    // Someone new may register the address.
    expect((await signUp(t, first.email)).user.id).not.toBe(user.userId);
  });

  it('an SBP payment that reaches the database after the deletion (a request already past its session check) is not created', async () => {
    const user = await verifiedUser(t);
    expect((await deleteAccount(user)).status).toBe(200);
    await expect(createSbpPayment({ ...t.app.walletModules.sbp, user, idempotencyKey: randomUUID(), body: { amount: 15_000 } })).rejects.toMatchObject({ httpStatus: 401 });
    expect(await t.db.query('SELECT 1 FROM sbp_payments WHERE user_id = $1', [user.userId])).toHaveLength(0);
  });

  it('a USDT deposit to the tag of a deleted account is held for support, not credited to the closed wallet', async () => {
    const user = await verifiedUser(t);
    const { usdtDepositTag: tag } = await getWallet(t, user);
    expect((await deleteAccount(user)).status).toBe(200);
    const late = await rawTransfer(t, { amount: `25.${tag}`, from: 'TLateSenderAfterDe1etionXXXXXXXXXX' });
    expect(late.status).toBe(200);
    expect(late.body.data.outcome).toMatchObject({ status: 'unmatched', reason: 'unknown_tag', transactionId: null });
    expect(await balanceOf(t.db, (await getWalletAccount(t.db, user.userId, 'USD')).id)).toBe(0);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});
