import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ok, ratesFixture, useWalletTestApi, walletFixture } from '@/entities/wallet/index.testing';
import { $estimatedTotal, WalletBalanceGate } from './wallet-balance';

const server = useWalletTestApi();

describe('wallet balance widget model', () => {
  it('estimates the total in USD at the RUB→USD quote', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture({ usd: 150_00, heldUsd: 5_00, rub: 10_000_00 })));
    server.on('GET', '/api/config/exchange-rates', () => ok(ratesFixture()));
    const scope = fork();
    await allSettled(WalletBalanceGate.open, { scope, params: {} });
    // 150.00 + 5.00 held + floor(1 000 000 × 0.010810) = 15500 + 10810
    expect(scope.getState($estimatedTotal)).toEqual({ amount: 155_00 + 108_10, currency: 'USD' });
  });

  it('shows no total while there is no RUB→USD quote ("Rate unavailable")', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    server.on('GET', '/api/config/exchange-rates', () => ok(ratesFixture([])));
    const scope = fork();
    await allSettled(WalletBalanceGate.open, { scope, params: {} });
    expect(scope.getState($estimatedTotal)).toBeNull();
  });
});
