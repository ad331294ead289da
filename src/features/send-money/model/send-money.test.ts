import { allSettled, fork } from 'effector';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userFixture } from '@/entities/user/index.testing';
import { walletFixture } from '@/entities/wallet/index.testing';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import { initI18n } from '@/shared/i18n';
import {
  $amountError,
  $recipient,
  $recipientInvalid,
  $step,
  amountChanged,
  amountProblem,
  confirmed,
  currencyChanged,
  noteChanged,
  recipientSubmitted,
  recipientTextChanged,
  reviewed,
  sendMoneyOpened,
  sendMoneySheetMounted,
  $failure,
} from './send-money';
import { $sendMoneyOpen, $sendMoneyTarget } from './sheet';

const server = createFakeServer();
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const recipient = { payCode: 'Ab3De5Gh7K', name: 'Ivan P.', username: 'ivan_p' };
const limits = {
  limits: [
    { currency: 'USD', min: usd(10), maxPerTransfer: usd(200_000), daily: usd(500_000), sentLast24h: usd(0), remaining: usd(500_000) },
    { currency: 'RUB', min: { amount: 1000, currency: 'RUB' }, maxPerTransfer: { amount: 20_000_000, currency: 'RUB' }, daily: { amount: 50_000_000, currency: 'RUB' }, sentLast24h: { amount: 0, currency: 'RUB' }, remaining: { amount: 50_000_000, currency: 'RUB' } },
  ],
  noteMaxLength: 140,
};
const transfer = (amount: number) => ({
  id: 'p2p_1',
  direction: 'sent',
  counterpartyName: 'Ivan P.',
  amount: usd(amount),
  note: null,
  requestId: null,
  status: 'completed',
  transactionId: 'wtx_1',
  createdAt: '2025-01-02T03:04:05.000Z',
});

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
});
beforeEach(async () => {
  server.reset();
  sessionStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: 'https://api.test', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  await allSettled(apiDataReset, { scope: fork() });
  server.on('GET', '/api/users/me', () => ok(userFixture('verified')));
  server.on('GET', '/api/wallet', () => ok(walletFixture()));
  server.on('GET', '/api/transfers/limits', () => ok(limits));
});
afterEach(() => vi.unstubAllGlobals());

describe('send money', () => {
  it('checks the amount against the limits and the balance', () => {
    const limit = { min: usd(10), maxPerTransfer: usd(1_000), remaining: usd(500) };
    expect(amountProblem('', 'USD', limit, 10_000)).toBe('required');
    expect(amountProblem('abc', 'USD', limit, 10_000)).toBe('invalid');
    expect(amountProblem('0.05', 'USD', limit, 10_000)).toBe('belowMinimum');
    expect(amountProblem('6', 'USD', limit, 10_000)).toBe('aboveLimit');
    expect(amountProblem('4', 'USD', limit, 300)).toBe('aboveBalance');
    expect(amountProblem('4', 'USD', limit, 10_000)).toBeNull();
  });

  it('finds the recipient, confirms with the masked name and sends once with an Idempotency-Key', async () => {
    server.on('POST', '/api/transfers/recipient', () => ok(recipient));
    server.on('POST', '/api/transfers', (request) => ok(transfer((request.body as { amount: { amount: number } }).amount.amount)));
    const scope = fork();
    await allSettled(sendMoneyOpened, { scope, params: null });
    await allSettled(recipientTextChanged, { scope, params: "'; DROP" });
    await allSettled(recipientSubmitted, { scope });
    expect(scope.getState($recipientInvalid)).toBe(true);
    expect(server.callsTo('POST', '/api/transfers/recipient')).toHaveLength(0);
    await allSettled(recipientTextChanged, { scope, params: '@ivan_p' });
    await allSettled(recipientSubmitted, { scope });
    expect(server.callsTo('POST', '/api/transfers/recipient').map((c) => c.body)).toEqual([{ username: 'ivan_p' }]);
    expect(scope.getState($recipient)).toEqual(recipient);
    expect(scope.getState($step)).toBe('amount');
    await allSettled(currencyChanged, { scope, params: 'USD' });
    await allSettled(amountChanged, { scope, params: '151' });
    await allSettled(reviewed, { scope });
    expect(scope.getState($amountError)).toBe('aboveBalance');
    await allSettled(amountChanged, { scope, params: '12.50' });
    await allSettled(noteChanged, { scope, params: ' Lunch ' });
    await allSettled(reviewed, { scope });
    expect(scope.getState($step)).toBe('confirm');
    await allSettled(confirmed, { scope });
    await allSettled(confirmed, { scope });
    const sends = server.callsTo('POST', '/api/transfers');
    expect(sends.map((c) => c.body)).toEqual([{ payCode: 'Ab3De5Gh7K', amount: usd(1_250), note: 'Lunch' }]);
    expect(sends[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(scope.getState($step)).toBe('done');
  });

  it('opened before its chunk arrived (the open event unheard): the sheet\'s mount loads what the open would have', async () => {
    server.on('POST', '/api/transfers/recipient', () => ok(recipient));
    const scope = fork({ values: [[$sendMoneyOpen, true], [$sendMoneyTarget, { payCode: 'Ab3De5Gh7K' }]] });
    await allSettled(sendMoneySheetMounted, { scope });
    expect(server.callsTo('GET', '/api/transfers/limits')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/transfers/recipient').map((c) => c.body)).toEqual([{ payCode: 'Ab3De5Gh7K' }]);
    expect(scope.getState($step)).toBe('amount');
  });

  it('a payment link opens on the amount step; a request on the confirm step with its amount', async () => {
    server.on('POST', '/api/transfers/recipient', () => ok(recipient));
    server.on('GET', '/api/payment-requests/prq_ABCDEFGHIJKLMNOPQRSTUV', () =>
      ok({
        id: 'prq_ABCDEFGHIJKLMNOPQRSTUV',
        amount: usd(700),
        note: 'Tickets',
        status: 'open',
        mine: false,
        requester: { payCode: 'Ab3De5Gh7K', name: 'Rita I.' },
        paidBy: null,
        transferId: null,
        link: 'https://t.me/bot/app?startapp=req_ABCDEFGHIJKLMNOPQRSTUV',
        createdAt: '2025-01-02T03:04:05.000Z',
        expiresAt: '2025-01-09T03:04:05.000Z',
        paidAt: null,
      }),
    );
    server.on('POST', '/api/transfers', () => ok(transfer(700)));
    const scope = fork();
    await allSettled(sendMoneyOpened, { scope, params: { payCode: 'Ab3De5Gh7K' } });
    expect(scope.getState($step)).toBe('amount');
    const other = fork();
    await allSettled(sendMoneyOpened, { scope: other, params: { requestId: 'prq_ABCDEFGHIJKLMNOPQRSTUV' } });
    expect(other.getState($step)).toBe('confirm');
    expect(other.getState($recipient)?.name).toBe('Rita I.');
    await allSettled(confirmed, { scope: other });
    expect(server.callsTo('POST', '/api/transfers').map((c) => c.body)).toEqual([{ payCode: 'Ab3De5Gh7K', amount: usd(700), requestId: 'prq_ABCDEFGHIJKLMNOPQRSTUV' }]);
  });

  it('a refusal stays on the step with its words', async () => {
    server.on('POST', '/api/transfers/recipient', () => fail(404, { service: 'wallet', code: 'RECIPIENT_NOT_FOUND', message: 'no' }));
    const scope = fork();
    await allSettled(sendMoneyOpened, { scope, params: null });
    await allSettled(recipientTextChanged, { scope, params: 'nobody_here' });
    await allSettled(recipientSubmitted, { scope });
    expect(scope.getState($step)).toBe('recipient');
    expect(scope.getState($failure)?.keys).toContain('error-codes:RECIPIENT_NOT_FOUND');
  });
});

describe('payment links the app was opened with', () => {
  it('reads the start parameter or the web link; refuses anything else', async () => {
    const { linkTargetOf } = await import('./send-money');
    expect(linkTargetOf('pay_Ab3De5Gh7K', '')).toEqual({ payCode: 'Ab3De5Gh7K' });
    expect(linkTargetOf('req_ABCDEFGHIJKLMNOPQRSTUV', '')).toEqual({ requestId: 'prq_ABCDEFGHIJKLMNOPQRSTUV' });
    expect(linkTargetOf(undefined, '?send=Ab3De5Gh7K')).toEqual({ payCode: 'Ab3De5Gh7K' });
    expect(linkTargetOf(null, '?request=prq_ABCDEFGHIJKLMNOPQRSTUV')).toEqual({ requestId: 'prq_ABCDEFGHIJKLMNOPQRSTUV' });
    for (const [start, search] of [['sbp_x', ''], ['pay_short', ''], ['ref_ABCD', ''], [undefined, '?send=../x'], [undefined, '?request=prq_%00']] as const) {
      expect(linkTargetOf(start, search), `${start} ${search}`).toBeNull();
    }
  });
});
