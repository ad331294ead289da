import { allSettled, fork, type Scope } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { userFixture } from '@/entities/user/index.testing';
import { walletEntityTexts } from '@/entities/wallet';
import { configFixture, fail, ok, rateFixture, ratesFixture, useWalletTestApi, walletFixture } from '@/entities/wallet/index.testing';
import { closingGuardFx, hideKeyboardFx } from '@/shared/lib';
import { exchangeTexts } from '../i18n/texts';
import {
  $canConfirm,
  $exchangeBlock,
  $exchangeError,
  $exchangeFrom,
  $exchangeOpen,
  $exchangePreview,
  $exchangeStep,
  $exchangeUnresolved,
  $quoteSecondsLeft,
  $rateChanged,
  $rateUnavailable,
  exchangeAmountChanged,
  exchangeClosed,
  exchangeConfirmPressed,
  exchangeDirectionSwapped,
  exchangeMaxPressed,
  exchangeOpened,
  exchangeReviewPressed,
  hapticFx,
  readClockFx,
  toastFx,
  waitSecondFx,
} from './exchange';

const server = useWalletTestApi();
const T0 = Date.parse('2025-03-12T10:00:00.000Z');

/** A scope whose clock is `clock.now` (moved by the test) and whose toasts/haptics are recorded, not shown. */
function setup() {
  const clock = { now: T0 };
  const toasts: Array<{ kind: string; message: string; money?: unknown; description?: unknown }> = [];
  const haptics: string[] = [];
  const guard: boolean[] = [];
  const keyboard = vi.fn();
  const scope = fork({
    handlers: [
      [readClockFx, () => clock.now],
      // no real timer: the test moves the clock with tick()
      [waitSecondFx, () => Promise.reject(new Error('stopped'))],
      [toastFx, (toast: (typeof toasts)[number]) => void toasts.push(toast)],
      [hapticFx, (kind: string) => void haptics.push(kind)],
      [closingGuardFx, (on: boolean) => void guard.push(on)],
      [hideKeyboardFx, keyboard],
    ],
  });
  const tick = async (seconds: number) => {
    clock.now += seconds * 1000;
    await allSettled(readClockFx, { scope });
  };
  return { scope, clock, toasts, haptics, tick, guard, keyboard };
}

let ratesServed = 0;
function serve(options: { usd?: number; rub?: number; rates?: ReturnType<typeof ratesFixture>[] } = {}) {
  ratesServed = 0;
  server.on('GET', '/api/wallet', () => ok(walletFixture({ usd: options.usd ?? 150_00, rub: options.rub ?? 10_000_00 })));
  server.on('GET', '/api/config', () => ok(configFixture()));
  server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
  server.on('GET', '/api/config/exchange-rates', () => {
    const list = options.rates ?? [ratesFixture()];
    return ok(list[Math.min(ratesServed++, list.length - 1)]);
  });
}

const open = (scope: Scope) => allSettled(exchangeOpened, { scope, params: undefined });
const type = (scope: Scope, text: string) => allSettled(exchangeAmountChanged, { scope, params: text });

describe('exchange sheet model', () => {
  it('inside Telegram: "Review" closes the keyboard; closing asks while the figures are reviewed, released on closing', async () => {
    serve();
    const { scope, guard, keyboard } = setup();
    await open(scope);
    await type(scope, '100');
    expect(guard).toEqual([]);
    await allSettled(exchangeReviewPressed, { scope });
    expect(scope.getState($exchangeStep)).toBe('review');
    expect(keyboard).toHaveBeenCalled();
    expect(guard).toEqual([true]);
    await allSettled(exchangeClosed, { scope });
    expect(guard).toEqual([true, false]);
  });

  it('opens with a fresh quote (past the cache), the wallet and the config; haptic selection', async () => {
    serve();
    const { scope, haptics } = setup();
    await open(scope);
    await allSettled(exchangeClosed, { scope });
    await open(scope);
    expect(scope.getState($exchangeOpen)).toBe(true);
    // The quote is asked for on every open; the wallet and config come from the cache the second time.
    expect(server.callsTo('GET', '/api/config/exchange-rates')).toHaveLength(2);
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(1);
    expect(haptics).toEqual(['selection', 'selection']);
  });

  it('previews fee and "you receive" with the server arithmetic before confirming', async () => {
    serve();
    const { scope } = setup();
    await open(scope);
    await type(scope, '100');
    // fee ceil(10000 × 50 / 10000) = 50; credited floor(9950 × 92.27) = 918086
    expect(scope.getState($exchangePreview)).toMatchObject({
      debited: { amount: 100_00, currency: 'USD' },
      fee: { amount: 50, currency: 'USD' },
      credited: { amount: 9_180_86, currency: 'RUB' },
      quoteId: 'qte_usd_rub_1',
    });
    await allSettled(exchangeDirectionSwapped, { scope });
    expect(scope.getState($exchangeFrom)).toBe('RUB');
    await type(scope, '1 000,00');
    // RUB → USD at 0.010810: fee 500 kop; floor(99500 × 0.010810) = 1075 cents
    expect(scope.getState($exchangePreview)).toMatchObject({ fee: { amount: 5_00, currency: 'RUB' }, credited: { amount: 10_75, currency: 'USD' } });
  });

  it('SPEC §5 validation: "Amount must be greater than 0" and "Insufficient funds for this exchange"', async () => {
    serve({ usd: 50_00 });
    const { scope, haptics } = setup();
    await open(scope);
    expect(scope.getState($exchangeError)).toBeNull(); // nothing typed yet
    await allSettled(exchangeReviewPressed, { scope });
    expect(scope.getState($exchangeError)).toEqual({ status: 'notPositive' });
    expect(haptics).toContain('error');
    await type(scope, '0');
    expect(scope.getState($exchangeError)).toEqual({ status: 'notPositive' });
    await type(scope, '-5');
    expect(scope.getState($exchangeError)).toEqual({ status: 'notPositive' });
    await type(scope, '50.01');
    expect(scope.getState($exchangeError)).toMatchObject({ status: 'insufficient', available: { amount: 50_00, currency: 'USD' } });
    expect(scope.getState($exchangePreview)).not.toBeNull(); // still previewed, just not allowed
    await type(scope, '0.50');
    expect(scope.getState($exchangeError)).toMatchObject({ status: 'belowMinimum', minimum: { amount: 1_00, currency: 'USD' } });
    await type(scope, '1.234');
    expect(scope.getState($exchangeError)).toEqual({ status: 'invalid', reason: 'tooManyDecimals' });
    await allSettled(exchangeMaxPressed, { scope });
    expect(scope.getState($exchangeError)).toBeNull();
    expect(scope.getState($exchangePreview)?.debited.amount).toBe(50_00);
    await allSettled(exchangeReviewPressed, { scope });
    expect(scope.getState($exchangeStep)).toBe('review');
  });

  it('"Rate unavailable" when the server has no quote for the pair', async () => {
    serve({ rates: [ratesFixture([])] });
    const { scope } = setup();
    await open(scope);
    await type(scope, '10');
    expect(scope.getState($rateUnavailable)).toBe(true);
    expect(scope.getState($exchangePreview)).toBeNull();
    await allSettled(exchangeReviewPressed, { scope });
    expect(scope.getState($exchangeStep)).toBe('form');
  });

  it('refetches the quote when it expires (not after 5 minutes of cache), and flags the change in review', async () => {
    const second = ratesFixture([
      rateFixture({ rate: '92.5000', quoteId: 'qte_usd_rub_2', expiresAt: '2025-03-12T10:02:00.000Z' }),
      rateFixture({ from: 'RUB', to: 'USD', rate: '0.010800', quoteId: 'qte_rub_usd_2', expiresAt: '2025-03-12T10:02:00.000Z' }),
    ]);
    serve({ rates: [ratesFixture(), second] });
    const { scope, tick } = setup();
    await open(scope);
    await type(scope, '100');
    await allSettled(exchangeReviewPressed, { scope });
    expect(scope.getState($quoteSecondsLeft)).toBe(60);
    await tick(30);
    expect(scope.getState($quoteSecondsLeft)).toBe(30);
    expect(server.callsTo('GET', '/api/config/exchange-rates')).toHaveLength(1);

    await tick(30); // 10:01:00 = expiresAt
    expect(server.callsTo('GET', '/api/config/exchange-rates')).toHaveLength(2);
    expect(scope.getState($exchangePreview)?.quoteId).toBe('qte_usd_rub_2');
    expect(scope.getState($exchangePreview)?.credited.amount).toBe(9_203_75); // floor(9950 × 92.5)
    expect(scope.getState($rateChanged)).toBe(true);
    await tick(1);
    expect(server.callsTo('GET', '/api/config/exchange-rates')).toHaveLength(2); // once per quote
  });

  it('confirms with quoteId and an Idempotency-Key, then reloads wallet and history and says so', async () => {
    serve();
    let wallet = walletFixture();
    server.on('GET', '/api/wallet', () => ok(wallet));
    server.on('POST', '/api/wallet/exchange', () => {
      wallet = walletFixture({ usd: 50_00, rub: 19_180_86 });
      return ok({ transactionId: 'wtx_9', debited: { amount: 100_00, currency: 'USD' }, credited: { amount: 9_180_86, currency: 'RUB' }, rate: '92.2700', fee: { amount: 50, currency: 'USD' }, createdAt: '2025-03-12T10:00:10.000Z' });
    });
    const { scope, toasts, haptics } = setup();
    await open(scope);
    await type(scope, '100');
    await allSettled(exchangeReviewPressed, { scope });
    expect(scope.getState($canConfirm)).toBe(true);
    await allSettled(exchangeConfirmPressed, { scope });

    const [call] = server.callsTo('POST', '/api/wallet/exchange');
    expect(call?.body).toEqual({ from: 'USD', to: 'RUB', amount: 100_00, quoteId: 'qte_usd_rub_1' });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(scope.getState($exchangeOpen)).toBe(false);
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(2); // reloaded past the cache
    expect(server.callsTo('GET', '/api/wallet/transactions')).toHaveLength(1);
    expect(toasts).toEqual([
      { kind: 'success', message: `${exchangeTexts.ns}:done`, money: { debited: { amount: 100_00, currency: 'USD' }, credited: { amount: 9_180_86, currency: 'RUB' } } },
    ]);
    expect(haptics.at(-1)).toBe('success');
    expect(scope.getState($exchangeUnresolved)).toBe(false); // settled: the next exchange gets a new key
  });

  it('a retry after a network error reuses the key; another amount or quote gets a new one', async () => {
    serve();
    const replies: Array<'network-error' | ReturnType<typeof fail>> = ['network-error', 'network-error', fail(500, { service: 'api', code: 'INTERNAL', message: 'x' })];
    server.on('POST', '/api/wallet/exchange', () => replies.shift()!);
    const { scope, toasts } = setup();
    await open(scope);
    await type(scope, '100');
    await allSettled(exchangeReviewPressed, { scope });
    await allSettled(exchangeConfirmPressed, { scope });
    await allSettled(exchangeConfirmPressed, { scope });
    const [first, second] = server.callsTo('POST', '/api/wallet/exchange');
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
    expect(toasts[0]).toMatchObject({ kind: 'error', message: 'errors:wallet.exchangeFailed', description: { keys: ['errors:transport.network'] } });

    await type(scope, '99');
    await allSettled(exchangeReviewPressed, { scope });
    await allSettled(exchangeConfirmPressed, { scope });
    const third = server.callsTo('POST', '/api/wallet/exchange')[2];
    expect(third?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
    expect(third?.body).toMatchObject({ amount: 99_00 });
  });

  it('a lost answer: the same exchange confirmed again after closing and reopening the sheet keeps its key', async () => {
    serve();
    const replies: Array<'network-error' | 'hang' | ReturnType<typeof ok>> = [
      'network-error',
      ok({ transactionId: 'wtx_9', debited: { amount: 100_00, currency: 'USD' }, credited: { amount: 9_180_86, currency: 'RUB' }, rate: '92.2700', fee: { amount: 50, currency: 'USD' }, createdAt: '2025-03-12T10:00:10.000Z' }),
    ];
    server.on('POST', '/api/wallet/exchange', () => replies.shift()!);
    for (let i = 0; i < 2; i += 1) {
      const { scope } = setup(); // a new scope: the sheet was closed and opened again (or the page reloaded)
      await open(scope);
      await type(scope, '100');
      await allSettled(exchangeReviewPressed, { scope });
      await allSettled(exchangeConfirmPressed, { scope });
    }
    const [first, second] = server.callsTo('POST', '/api/wallet/exchange');
    expect(second?.body).toEqual(first?.body);
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
  });

  describe('an attempt whose outcome is unknown (timeout, dropped connection, 5xx) and a quote that expired meanwhile', () => {
    const second = ratesFixture([rateFixture({ rate: '92.5000', quoteId: 'qte_usd_rub_2', expiresAt: '2025-03-12T10:02:00.000Z' })]);
    const done = (rate: string, credited: number) =>
      ok({ transactionId: 'wtx_9', debited: { amount: 100_00, currency: 'USD' }, credited: { amount: credited, currency: 'RUB' }, rate, fee: { amount: 50, currency: 'USD' }, createdAt: '2025-03-12T10:00:10.000Z' });

    /** Confirms 100 USD, loses the answer, lets the quote expire (a new one arrives): the user confirms again. */
    async function lostThenConfirmAgain(replies: Array<ReturnType<typeof ok>>) {
      serve({ rates: [ratesFixture(), second] });
      server.on('POST', '/api/wallet/exchange', () => replies.shift()!);
      const setupResult = setup();
      const { scope, tick } = setupResult;
      await open(scope);
      await type(scope, '100');
      await allSettled(exchangeReviewPressed, { scope });
      const walletLoads = server.callsTo('GET', '/api/wallet').length;
      await allSettled(exchangeConfirmPressed, { scope });
      // The answer was lost: the balances and history are reloaded to show what the server has.
      expect(server.callsTo('GET', '/api/wallet')).toHaveLength(walletLoads + 1);
      expect(scope.getState($exchangeUnresolved)).toBe(true);
      await tick(60);
      expect(scope.getState($rateChanged)).toBe(true);
      await allSettled(exchangeConfirmPressed, { scope });
      return { ...setupResult, posts: server.callsTo('POST', '/api/wallet/exchange') };
    }

    it('the same amount at the new quote first resends the lost request with its key: the server replays it, money moves once', async () => {
      const { scope, posts, toasts } = await lostThenConfirmAgain(['network-error', done('92.2700', 9_180_86)]);
      expect(posts).toHaveLength(2);
      expect(posts[1]?.body).toEqual(posts[0]?.body);
      expect(posts[1]?.body).toMatchObject({ quoteId: 'qte_usd_rub_1' });
      expect(posts[1]?.headers.get('idempotency-key')).toBe(posts[0]?.headers.get('idempotency-key'));
      expect(scope.getState($exchangeOpen)).toBe(false);
      expect(toasts.map((toast) => toast.kind)).toEqual(['error', 'success']);
      expect(scope.getState($exchangeUnresolved)).toBe(false);
    });

    it('the server is still working on the lost request: the attempt stays unresolved, the next confirm resends it again', async () => {
      const { scope, posts } = await lostThenConfirmAgain([
        'network-error',
        fail(409, { service: 'api', code: 'IDEMPOTENCY_IN_PROGRESS', message: 'in progress' }),
        done('92.2700', 9_180_86),
      ]);
      expect(posts).toHaveLength(2);
      expect(scope.getState($exchangeUnresolved)).toBe(true);
      await allSettled(exchangeConfirmPressed, { scope });
      const third = server.callsTo('POST', '/api/wallet/exchange')[2];
      expect(third?.body).toEqual(posts[0]?.body);
      expect(third?.headers.get('idempotency-key')).toBe(posts[0]?.headers.get('idempotency-key'));
      expect(scope.getState($exchangeOpen)).toBe(false);
    });

    it('the server refuses the old quote (it never exchanged): the new figures go at once with a new key', async () => {
      const { scope, posts, toasts, haptics } = await lostThenConfirmAgain([
        fail(504, null, 'Gateway Timeout'),
        fail(409, { service: 'wallet', code: 'QUOTE_EXPIRED', message: 'expired' }),
        done('92.5000', 9_203_75),
      ]);
      expect(posts).toHaveLength(3);
      expect(posts[1]?.headers.get('idempotency-key')).toBe(posts[0]?.headers.get('idempotency-key'));
      expect(posts[2]?.body).toEqual({ from: 'USD', to: 'RUB', amount: 100_00, quoteId: 'qte_usd_rub_2' });
      expect(posts[2]?.headers.get('idempotency-key')).not.toBe(posts[0]?.headers.get('idempotency-key'));
      expect(scope.getState($exchangeOpen)).toBe(false);
      expect(toasts.map((toast) => toast.kind)).toEqual(['error', 'success']);
      expect(haptics).not.toContain('warning');
      expect(server.callsTo('GET', '/api/config/exchange-rates')).toHaveLength(2); // no extra quote for the refusal
    });
  });

  it('QUOTE_EXPIRED: a new quote is fetched and the user is asked to confirm the new figures', async () => {
    const second = ratesFixture([rateFixture({ rate: '92.0000', quoteId: 'qte_usd_rub_2', expiresAt: '2025-03-12T10:02:00.000Z' })]);
    serve({ rates: [ratesFixture(), second] });
    server.on('POST', '/api/wallet/exchange', () => fail(409, { service: 'wallet', code: 'QUOTE_EXPIRED', message: 'expired' }));
    const { scope, toasts, haptics } = setup();
    await open(scope);
    await type(scope, '100');
    await allSettled(exchangeReviewPressed, { scope });
    await allSettled(exchangeConfirmPressed, { scope });
    expect(server.callsTo('GET', '/api/config/exchange-rates')).toHaveLength(2);
    expect(scope.getState($exchangeStep)).toBe('review');
    expect(scope.getState($rateChanged)).toBe(true);
    expect(scope.getState($exchangePreview)?.credited.amount).toBe(9_154_00); // floor(9950 × 92)
    expect(toasts).toEqual([]); // not an error toast: the sheet asks to confirm again
    expect(haptics.at(-1)).toBe('warning');

    server.on('POST', '/api/wallet/exchange', () =>
      ok({ transactionId: 'wtx_9', debited: { amount: 100_00, currency: 'USD' }, credited: { amount: 9_154_00, currency: 'RUB' }, rate: '92.0000', fee: { amount: 50, currency: 'USD' }, createdAt: '2025-03-12T10:00:10.000Z' }),
    );
    await allSettled(exchangeConfirmPressed, { scope });
    expect(server.callsTo('POST', '/api/wallet/exchange')[1]?.body).toMatchObject({ quoteId: 'qte_usd_rub_2' });
    expect(scope.getState($exchangeOpen)).toBe(false);
  });

  it('INSUFFICIENT_FUNDS from the server: back to the form with the fresh balance and the SPEC message', async () => {
    serve();
    server.on('POST', '/api/wallet/exchange', () => {
      server.on('GET', '/api/wallet', () => ok(walletFixture({ usd: 20_00 })));
      return fail(422, { service: 'wallet', code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds for this exchange' });
    });
    const { scope, toasts } = setup();
    await open(scope);
    await type(scope, '100');
    await allSettled(exchangeReviewPressed, { scope });
    await allSettled(exchangeConfirmPressed, { scope });
    expect(scope.getState($exchangeStep)).toBe('form');
    expect(scope.getState($exchangeError)).toMatchObject({ status: 'insufficient' });
    expect(toasts[0]).toMatchObject({ kind: 'error', message: 'errors:wallet.exchangeFailed', description: { keys: [`${walletEntityTexts.ns}:failureReasons.INSUFFICIENT_FUNDS`, 'error-codes:INSUFFICIENT_FUNDS'] } });
  });

  it('the clock runs only while the sheet is open', async () => {
    serve();
    let waits = 0;
    const scope = fork({
      handlers: [
        [waitSecondFx, () => (waits++ < 3 ? Promise.resolve() : Promise.reject(new Error('enough')))],
        [hapticFx, () => undefined],
      ],
    });
    await open(scope);
    expect(waits).toBe(4); // opened + 3 seconds, then the test's timer stopped
    await allSettled(exchangeClosed, { scope });
    waits = 0;
    const closed = fork({ handlers: [[waitSecondFx, () => void waits++], [hapticFx, () => undefined]] });
    await allSettled(exchangeClosed, { scope: closed });
    expect(waits).toBe(0);
  });

  it('a user whose verification failed is told why up front: no review, no request', async () => {
    serve();
    server.on('GET', '/api/users/me', () => ok(userFixture('verification_failed')));
    server.on('POST', '/api/wallet/exchange', () => fail(403, { service: 'wallet', code: 'ACCOUNT_VERIFICATION_FAILED', message: 'no' }));
    const { scope } = setup();
    await open(scope);
    expect(scope.getState($exchangeBlock)).toBe('verificationFailed');
    await type(scope, '100');
    await allSettled(exchangeReviewPressed, { scope });
    expect(scope.getState($exchangeStep)).toBe('form');
    expect(scope.getState($canConfirm)).toBe(false);
    await allSettled(exchangeConfirmPressed, { scope });
    expect(server.callsTo('POST', '/api/wallet/exchange')).toHaveLength(0);
  });
});
