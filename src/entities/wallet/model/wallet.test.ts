import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { fail, ok, useWalletTestApi, walletFixture } from '../index.testing';
import {
  $available,
  $usdtDepositTag,
  $walletError,
  $walletRefreshing,
  $walletState,
  walletQuery,
  walletRefetchRequested,
  walletRequested,
} from './wallet';

const server = useWalletTestApi();

describe('wallet entity', () => {
  it('loads balances and the deposit tag', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture({ usd: 12_34, rub: 5_00, tag: '987654' })));
    const scope = fork();
    expect(scope.getState($walletState)).toBe('pending');
    await allSettled(walletRequested, { scope });
    expect(scope.getState($walletState)).toBe('success');
    expect(scope.getState($available)).toEqual({ USD: 12_34, RUB: 5_00 });
    expect(scope.getState($usdtDepositTag)).toBe('987654');
  });

  it('answers a second request from the cache, but a forced refetch reaches the server', async () => {
    let usd = 1_00;
    server.on('GET', '/api/wallet', () => ok(walletFixture({ usd: usd++ })));
    const scope = fork();
    await allSettled(walletRequested, { scope });
    await allSettled(walletRequested, { scope });
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(1);

    await allSettled(walletRefetchRequested, { scope });
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(2);
    expect(scope.getState($available)?.USD).toBe(1_01);

    // The new answer replaced the cached copy: a later cached start (another screen) sees it.
    const other = fork();
    await allSettled(walletRequested, { scope: other });
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(2);
    expect(other.getState($available)?.USD).toBe(1_01);
  });

  it('keeps the balances on screen while a forced refetch runs', async () => {
    let release!: () => void;
    server.on('GET', '/api/wallet', () => ok(walletFixture({ usd: 1_00 })));
    const scope = fork();
    await allSettled(walletRequested, { scope });
    server.on('GET', '/api/wallet', () => new Promise((resolve) => (release = () => resolve(ok(walletFixture({ usd: 2_00 }))))));
    const refetch = allSettled(walletRefetchRequested, { scope });
    await new Promise((r) => setTimeout(r, 0));
    expect(scope.getState($walletRefreshing)).toBe(true);
    expect(scope.getState($available)?.USD).toBe(1_00);
    release();
    await refetch;
    expect(scope.getState($walletRefreshing)).toBe(false);
    expect(scope.getState($available)?.USD).toBe(2_00);
  });

  it('a forced refetch before anything was loaded just loads', async () => {
    server.on('GET', '/api/wallet', () => ok(walletFixture()));
    const scope = fork();
    await allSettled(walletRefetchRequested, { scope });
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(1);
    expect(scope.getState(walletQuery.$data)).toEqual(walletFixture());
  });

  it('shows SPEC §8 "Failed to fetch wallet" when the server fails (4xx: no retry)', async () => {
    server.on('GET', '/api/wallet', () => fail(404, { service: 'wallet', code: 'NOT_FOUND', message: 'no' }));
    const scope = fork();
    await allSettled(walletRequested, { scope });
    expect(scope.getState($walletState)).toBe('error');
    expect(scope.getState($walletError)?.keys).toContain('errors:wallet.fetchWalletFailed');
  });
});
