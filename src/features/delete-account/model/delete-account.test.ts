// @vitest-environment happy-dom
/** Delete the account: what blocks it, or a confirmation (fork + allSettled, fake API). */
import { allSettled, fork } from 'effector';
import { describe, expect, test, vi } from 'vitest';
import { signedIn } from '@/entities/session';
import { ok, useFakeApi } from '@/shared/api/index.testing';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import { $blockers, $step, deleteConfirmed, deleteOpened } from './delete-account';

vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, success: vi.fn(async () => undefined) } };
});

const server = useFakeApi({ resetData: true });

const signedInScope = async (handlers: Array<[unknown, unknown]> = []) => {
  const scope = fork({ handlers: handlers as never });
  await allSettled(signedIn, { scope, params: { accessToken: 'access-1', refreshToken: 'refresh-1', user: { id: 'u1', name: 'Ann' } } });
  return scope;
};

describe('delete account', () => {
  test('blocked: the blockers are listed and nothing is deleted', async () => {
    server.on('GET', '/api/users/me/deletion', () => ok({ allowed: false, blockers: [{ kind: 'walletBalance', amount: 2512, currency: 'USD' }] }));
    const scope = await signedInScope();
    await allSettled(deleteOpened, { scope });
    expect(scope.getState($step)).toBe('blocked');
    expect(scope.getState($blockers)).toEqual([{ kind: 'walletBalance', amount: 2512, currency: 'USD' }]);
    await allSettled(deleteConfirmed, { scope });
    expect(server.callsTo('POST', '/api/users/me/delete')).toHaveLength(0);
  });

  test('allowed: confirmed, deleted, this device forgets its tokens and goes to the Welcome', async () => {
    server.on('GET', '/api/users/me/deletion', () => ok({ allowed: true, blockers: [] }));
    server.on('POST', '/api/users/me/delete', () => ok({ deleted: true }));
    const seen: NavigateTo[] = [];
    const scope = await signedInScope([[navigateFx, (to: NavigateTo) => void seen.push(to)]]);
    await allSettled(deleteOpened, { scope });
    expect(scope.getState($step)).toBe('confirm');
    await allSettled(deleteConfirmed, { scope });
    expect(server.callsTo('POST', '/api/users/me/delete').map((c) => c.body)).toEqual([{ confirm: true }]);
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
    expect(localStorage.getItem('tgwallet.refreshToken')).toBeNull();
    expect(seen).toEqual([{ to: '/', replace: true }]);
  });
});
