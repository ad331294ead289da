import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCard, pageOf, useCardsFakeApi } from '@/entities/card/index.testing';
import { makeProduct } from '@/entities/card-product/index.testing';
import { userFixture } from '@/entities/user/index.testing';
import { walletFixture } from '@/entities/wallet/index.testing';
import { apiDataReset } from '@/shared/api';
import { fail, ok } from '@/shared/api/index.testing';
import { i18n, initI18n } from '@/shared/i18n';
import { closingGuardFx, hideKeyboardFx } from '@/shared/lib';
import type { VerificationStatus } from '@/shared/contract';

const toasts = vi.hoisted(() => ({ error: [] as Array<[unknown, unknown]>, success: [] as unknown[] }));
const toastOptions = vi.hoisted(() => ({ success: [] as unknown[] }));
vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return {
    ...actual,
    notify: {
      ...actual.notify,
      error: vi.fn(async (message: unknown, options?: unknown) => toasts.error.push([message, options])),
      success: vi.fn(async (message: unknown, options?: unknown) => {
        toastOptions.success.push(options);
        return toasts.success.push(message);
      }),
    },
  };
});

const { $charge, $confirmationOpen, $depositError, $depositInput, $issueBlock, $shortfall: $issueShortfall, $issuedCard, $productGone, $selectionError, depositChanged, issueConfirmed, issueFormOpened, issuePressed } = await import('./issue');
const { $continueTo, $pickError, pickContinued, productPicked } = await import('./pick');
const { $productState, productsRequested } = await import('@/entities/card-product');

const server = useCardsFakeApi();
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const product = makeProduct({ id: 'prd_visa', issueCost: usd(1_000), minimalDeposit: usd(1_000), depositFee: { bps: 150, fixed: usd(0) } });

function serveUser(verificationStatus: VerificationStatus) {
  server.on('GET', '/api/users/me', () => ok(userFixture(verificationStatus)));
}

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['card', 'card-issue', 'errors']);
});

beforeEach(async () => {
  toasts.error.length = 0;
  toasts.success.length = 0;
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
  serveUser('verified');
  server.on('GET', '/api/cards/products/prd_visa', () => ok(product));
});

const posts = () => server.callsTo('POST', '/api/cards');

async function openForm(config: { handlers?: Array<[unknown, unknown]> } = {}) {
  const scope = fork(config as Parameters<typeof fork>[1]);
  await allSettled(issueFormOpened, { scope, params: 'prd_visa' });
  return scope;
}

describe('issue form', () => {
  it('prefills the smallest deposit and shows what the wallet will be charged', async () => {
    const scope = await openForm();
    expect(scope.getState($productState)).toBe('ready');
    expect(scope.getState($depositInput)).toBe('10.00');
    expect(scope.getState($charge)).toEqual({ issueCost: usd(1_000), deposit: usd(1_000), depositFee: usd(15), total: usd(2_015) });

    await allSettled(depositChanged, { scope, params: '25.50' });
    expect(scope.getState($charge)?.total).toEqual(usd(1_000 + 2_550 + 39));
  });

  it('validates the deposit against the product range before asking to confirm', async () => {
    const scope = await openForm();
    await allSettled(depositChanged, { scope, params: '9.99' });
    expect(scope.getState($depositError)).toBeNull(); // not before the first press
    await allSettled(issuePressed, { scope });
    expect(scope.getState($depositError)).toBe('belowMin');
    expect(scope.getState($confirmationOpen)).toBe(false);

    await allSettled(depositChanged, { scope, params: '10000.01' });
    expect(scope.getState($depositError)).toBe('aboveMax');
    await allSettled(depositChanged, { scope, params: 'ten' });
    expect(scope.getState($depositError)).toBe('invalid');
    await allSettled(depositChanged, { scope, params: '' });
    expect(scope.getState($depositError)).toBe('required');
    await allSettled(issuePressed, { scope });
    expect(scope.getState($confirmationOpen)).toBe(false);
    expect(posts()).toHaveLength(0);
  });

  it('inside Telegram: "Issue card" closes the keyboard; closing asks from the confirmation until the answer', async () => {
    const card = makeCard({ id: 'crd_new', status: 'pending', allowedActions: [], maskedNumber: null, last4: null });
    server.on('POST', '/api/cards', () => ok(card));
    const guard: boolean[] = [];
    const keyboard = vi.fn();
    const scope = await openForm({ handlers: [[closingGuardFx, (on: boolean) => void guard.push(on)], [hideKeyboardFx, keyboard]] });
    await allSettled(depositChanged, { scope, params: '20' });
    await allSettled(issuePressed, { scope });
    expect(keyboard).toHaveBeenCalledTimes(1);
    expect(guard).toEqual([true]);
    await allSettled(issueConfirmed, { scope });
    expect(guard).toEqual([true, false]);
  });

  it('issues after confirmation with an Idempotency-Key, then has the new card', async () => {
    const card = makeCard({ id: 'crd_new', status: 'pending', allowedActions: [], maskedNumber: null, last4: null });
    server.on('POST', '/api/cards', () => ok(card));
    const scope = await openForm();
    await allSettled(depositChanged, { scope, params: '20' });
    await allSettled(issuePressed, { scope });
    expect(scope.getState($confirmationOpen)).toBe(true);
    expect(posts()).toHaveLength(0); // nothing without the confirmation

    await allSettled(issueConfirmed, { scope });
    const [post] = posts();
    expect(post?.body).toEqual({ productId: 'prd_visa', initialDeposit: 2_000 });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(scope.getState($issuedCard)?.id).toBe('crd_new');
    expect(scope.getState($confirmationOpen)).toBe(false);
    expect(toasts.success).toContain('Card ordered');
  });

  it('a retry of the same request reuses its key; a changed deposit gets a new one', async () => {
    server.on('POST', '/api/cards', () => fail(502, { service: 'cards', code: 'ISSUER_ERROR', message: 'no' }));
    const scope = await openForm();
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });
    expect(toasts.error).toContainEqual([
      'Card Operation Error',
      { description: 'Failed to create card. The card issuer refused the request. Please contact support.' },
    ]);
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });
    await allSettled(depositChanged, { scope, params: '30' });
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });

    const keys = posts().map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(scope.getState($issuedCard)).toBeNull();
  });

  it('a lost answer: confirming the same card again after leaving the screen keeps the key until a definitive answer', async () => {
    const card = makeCard({ id: 'crd_new', status: 'pending', allowedActions: [], maskedNumber: null, last4: null });
    const replies = ['network-error', fail(503, { service: 'api', code: 'DATABASE_UNAVAILABLE', message: 'down' }), ok(card), ok(card)] as const;
    let n = 0;
    server.on('POST', '/api/cards', () => replies[n++]!);
    const confirmInNewScreen = async () => {
      const scope = await openForm(); // a new scope: the screen was left and opened again (or reloaded)
      await allSettled(issuePressed, { scope });
      await allSettled(issueConfirmed, { scope });
      return scope;
    };
    await confirmInNewScreen();
    await confirmInNewScreen();
    const done = await confirmInNewScreen();
    expect(done.getState($issuedCard)?.id).toBe('crd_new');
    const keys = posts().map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    // Issued: ordering the same again is a new card with a new key.
    await confirmInNewScreen();
    expect(posts()[3]?.headers.get('idempotency-key')).not.toBe(keys[0]);
  });

  it('a definitive refusal ends the intent: confirming again gets a new key', async () => {
    server.on('POST', '/api/cards', () => fail(422, { service: 'wallet', code: 'INSUFFICIENT_FUNDS', message: 'no' }));
    const scope = await openForm();
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });
    const keys = posts().map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a product that disappeared meanwhile becomes "Product Not Found"', async () => {
    server.on('POST', '/api/cards', () => fail(409, { service: 'cards', code: 'PRODUCT_UNAVAILABLE', message: 'no' }));
    const scope = await openForm();
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });
    expect(scope.getState($productGone)).toBe(true);
  });
});

describe('who may issue', () => {
  it('a user under verification is told why and nothing is sent', async () => {
    serveUser('under_verification');
    const scope = await openForm();
    expect(scope.getState($issueBlock)).toBe('underVerification');
    await allSettled(issuePressed, { scope });
    expect(scope.getState($confirmationOpen)).toBe(false);
    await allSettled(issueConfirmed, { scope });
    expect(posts()).toHaveLength(0);
  });

  it('a user whose verification failed is told so', async () => {
    serveUser('verification_failed');
    const scope = await openForm();
    expect(scope.getState($issueBlock)).toBe('verificationFailed');
  });
});

describe('choosing a product (SPEC §5)', () => {
  it('"Please select a card product" when issuing without a product', async () => {
    const scope = fork();
    await allSettled(issueFormOpened, { scope, params: null });
    await allSettled(issuePressed, { scope });
    expect(scope.getState($selectionError)).toBe(true);
    expect(posts()).toHaveLength(0);
  });

  it('"Continue" needs a picked product that can be issued', async () => {
    server.on('GET', '/api/cards/products', () => ok(pageOf([product, makeProduct({ id: 'prd_paused', available: false })])));
    const scope = fork();
    await allSettled(productsRequested, { scope });
    await allSettled(pickContinued, { scope });
    expect(scope.getState($pickError)).toBe(true);
    expect(scope.getState($continueTo)).toBeNull();

    await allSettled(productPicked, { scope, params: 'prd_paused' });
    await allSettled(pickContinued, { scope });
    expect(scope.getState($pickError)).toBe(true);

    await allSettled(productPicked, { scope, params: 'prd_visa' });
    expect(scope.getState($pickError)).toBe(false);
    await allSettled(pickContinued, { scope });
    expect(scope.getState($continueTo)).toBe('prd_visa');
  });

  it('an unknown or unavailable product is "Product Not Found"', async () => {
    server.on('GET', '/api/cards/products/prd_gone', () => fail(404, { service: 'cards', code: 'PRODUCT_NOT_FOUND', message: 'no' }));
    server.on('GET', '/api/cards/products/prd_paused', () => ok(makeProduct({ id: 'prd_paused', available: false })));
    const scope = fork();
    await allSettled(issueFormOpened, { scope, params: 'prd_gone' });
    expect(scope.getState($productState)).toBe('notFound');
    await allSettled(issueFormOpened, { scope, params: 'prd_paused' });
    expect(scope.getState($productState)).toBe('notFound');
  });

  it('shows the shortfall and cannot be confirmed while the wallet lacks the money', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture({ usd: 25_00 })));
    server.on('POST', '/api/cards', () => ok(makeCard({ id: 'crd_new', status: 'pending', allowedActions: [], maskedNumber: null, last4: null })));
    const scope = await openForm();
    await allSettled(depositChanged, { scope, params: '20' });
    // $10.00 issue cost + $20.00 + $0.30 fee = $30.30; the wallet has $25.00.
    expect(scope.getState($issueShortfall)).toEqual(usd(5_30));
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });
    expect(posts()).toHaveLength(0);
    await allSettled(depositChanged, { scope, params: '14' });
    expect(scope.getState($issueShortfall)).toBeNull();
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });
    expect(posts()).toHaveLength(1);
  });
});

describe('"Card ordered" follows the card status', () => {
  it('the "issuer is processing it" toast goes away once the ordered card has settled', async () => {
    const card = makeCard({ id: 'crd_new', status: 'pending', allowedActions: [], maskedNumber: null, last4: null });
    server.on('POST', '/api/cards', () => ok(card));
    const { notify } = await import('@/shared/ui');
    const { cardSettled } = await import('@/entities/card');
    const dismiss = vi.spyOn(notify, 'dismiss').mockImplementation(() => {});
    const scope = await openForm();
    await allSettled(depositChanged, { scope, params: '20' });
    await allSettled(issuePressed, { scope });
    await allSettled(issueConfirmed, { scope });
    expect(toasts.success).toContain('Card ordered');
    expect(toastOptions.success.at(-1)).toMatchObject({ id: 'card-ordered-crd_new' });

    await allSettled(cardSettled, { scope, params: makeCard({ id: 'crd_other', status: 'active' }) });
    expect(dismiss).not.toHaveBeenCalled();
    await allSettled(cardSettled, { scope, params: makeCard({ id: 'crd_new', status: 'active' }) });
    expect(dismiss).toHaveBeenCalledWith('card-ordered-crd_new');
    dismiss.mockRestore();
  });
});
