/**
 * Test data and a fake API for the wallet slices' unit tests (import from '@/entities/wallet/index.testing').
 * Every fixture is typed with the contract, so a contract change breaks the tests that rely on it.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { allSettled, fork } from 'effector';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, ok, type FakeServer } from '@/shared/api/index.testing';
import type { AppConfig, ExchangeRate, ExchangeRates, SbpPayment, Wallet } from '@/shared/contract';

const NOW = '2025-03-12T10:00:00.000Z';

export const walletFixture = (overrides: { usd?: number; rub?: number; heldUsd?: number; tag?: string } = {}): Wallet => ({
  balances: [
    { currency: 'USD', available: { amount: overrides.usd ?? 150_00, currency: 'USD' }, held: { amount: overrides.heldUsd ?? 0, currency: 'USD' } },
    { currency: 'RUB', available: { amount: overrides.rub ?? 10_000_00, currency: 'RUB' }, held: { amount: 0, currency: 'RUB' } },
  ],
  usdtDepositTag: overrides.tag ?? '012345',
  updatedAt: NOW,
});

export const configFixture = (): AppConfig => ({
  usdt: {
    network: 'TRON',
    standard: 'TRC20',
    token: 'USDT',
    depositAddress: 'TTonicWa11etSandboxDeposit12345678',
    minDeposit: { amount: 10_00, currency: 'USD' },
    confirmations: 19,
    tagDecimals: 6,
  },
  sbp: { minAmount: { amount: 100_00, currency: 'RUB' }, maxAmount: { amount: 300_000_00, currency: 'RUB' }, paymentTtlSeconds: 900 },
  exchange: { feeBps: 50, quoteTtlSeconds: 60, minAmounts: [{ amount: 1_00, currency: 'USD' }, { amount: 100_00, currency: 'RUB' }], maxAmounts: [{ amount: 10_000_00, currency: 'USD' }, { amount: 1_000_000_00, currency: 'RUB' }] },
  cards: { maxCards: 5, sensitiveDataTtlSeconds: 60 },
  support: { telegramUsername: 'tonic_wallet_support', telegramUrl: 'https://t.me/tonic_wallet_support', email: 'support@tonic-wallet.example' },
  verification: { resendCountdownSeconds: 60, codeLength: 6 },
  app: { botUsername: 'tonic_wallet_bot', miniAppShortName: null },
});

export const rateFixture = (overrides: Partial<ExchangeRate> = {}): ExchangeRate => ({
  from: 'USD',
  to: 'RUB',
  rate: '92.2700',
  feeBps: 50,
  quoteId: 'qte_usd_rub_1',
  expiresAt: '2025-03-12T10:01:00.000Z',
  updatedAt: NOW,
  ...overrides,
});

export const ratesFixture = (rates: ExchangeRate[] = [rateFixture(), rateFixture({ from: 'RUB', to: 'USD', rate: '0.010810', quoteId: 'qte_rub_usd_1' })]): ExchangeRates => ({
  rates,
  updatedAt: NOW,
});

export const sbpPaymentFixture = (overrides: Partial<SbpPayment> = {}): SbpPayment => ({
  paymentId: 'sbp_1',
  orderId: 'ORD-1001',
  invoiceId: 'INV-2002',
  amount: { amount: 1_500_00, currency: 'RUB' },
  status: 'pending',
  paymentUrl: 'https://pay.example/sbp/INV-2002',
  expiresAt: '2025-03-12T10:15:00.000Z',
  createdAt: NOW,
  errorCode: null,
  transactionId: null,
  ...overrides,
});

export { ok, fail } from '@/shared/api/index.testing';
export type { FakeServer };

/**
 * A fake API as global fetch for the whole test file, signed in, with an empty shared cache before each test.
 * Routes are cleared before each test: register them in the test (or a beforeEach after this call).
 */
export function useWalletTestApi(): FakeServer {
  const server = createFakeServer();
  beforeEach(async () => {
    server.reset();
    localStorage.clear();
    sessionStorage.clear(); // pending Idempotency-Keys (shared/api) start empty too
    vi.stubGlobal('fetch', server.fetch);
    configureApi({ baseUrl: 'https://api.test', getInitData: () => undefined });
    tokenStorage.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    await allSettled(apiDataReset, { scope: fork() });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return server;
}

/** Registers the usual answers: wallet, config, rates, and an empty transaction list. */
function serveWallet(server: FakeServer, data: { wallet?: Wallet; config?: AppConfig; rates?: ExchangeRates } = {}) {
  server.on('GET', '/api/wallet', () => ok(data.wallet ?? walletFixture()));
  server.on('GET', '/api/config', () => ok(data.config ?? configFixture()));
  server.on('GET', '/api/config/exchange-rates', () => ok(data.rates ?? ratesFixture()));
  server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
}

/**
 * The server side of a payment's result page: GET /api/wallet/sbp/sbp_1 answers `states` in turn (the last one
 * repeats), and the wallet and its history (reloaded once the payment settles) answer plainly.
 */
export function servePaymentStates(server: FakeServer, states: Array<Partial<SbpPayment>>): void {
  let i = 0;
  server.on('GET', '/api/wallet/sbp/sbp_1', () => ok(sbpPaymentFixture(states[Math.min(i++, states.length - 1)])));
  server.on('GET', '/api/wallet', () => ok(walletFixture()));
  server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
}
