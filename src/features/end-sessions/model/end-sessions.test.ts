// @vitest-environment happy-dom
/** Settings → Devices: the sessions list, ending one and all others (fork + allSettled, fake API). */
import { allSettled, fork } from 'effector';
import { describe, expect, test, vi } from 'vitest';
import { signedIn } from '@/entities/session';
import { fail, ok, useFakeApi } from '@/shared/api/index.testing';
import type { AuthSession } from '@/shared/contract';
import { changeLanguage, initI18n, loadNamespaces } from '@/shared/i18n';
import { notify } from '@/shared/ui';
import { endSessionsTexts } from '../i18n/texts';
import {
  $endError,
  $loadFailed,
  $sessions,
  endOthersClicked,
  endOthersConfirmation,
  endSessionClicked,
  endSessionConfirmation,
  sessionsRequested,
} from './end-sessions';

vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, success: vi.fn(async () => undefined) } };
});

const server = useFakeApi({ resetData: true });
const session = (id: string, current = false): AuthSession => ({
  id,
  current,
  device: 'Chrome 131 · Android',
  platform: null,
  clientVersion: null,
  country: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastSeenAt: '2030-01-01T00:00:00.000Z',
});

/** Outside Telegram: the app asks in its own dialog (Telegram's popup is replaced by 'dialog'). */
const scopeWith = async () => {
  const scope = fork({ handlers: [[endSessionConfirmation.askFx, async () => 'dialog' as const], [endOthersConfirmation.askFx, async () => 'dialog' as const]] });
  await allSettled(signedIn, { scope, params: { accessToken: 'a', refreshToken: 'r', user: { id: 'u1', name: 'Ann' } } });
  return scope;
};

describe('sessions', () => {
  test('loads the list fresh each time; ending one asks the server and reloads', async () => {
    let items = [session('s1', true), session('s2')];
    server.on('GET', '/api/users/me/sessions', () => ok({ items }));
    server.on('POST', '/api/users/me/sessions/s2/end', () => {
      items = [session('s1', true)];
      return ok({ ended: true });
    });
    const scope = await scopeWith();
    await allSettled(sessionsRequested, { scope });
    expect(scope.getState($sessions)?.map((s) => s.id)).toEqual(['s1', 's2']);
    await allSettled(endSessionClicked, { scope, params: { id: 's2', device: 'Chrome 131 · Android' } });
    // Nothing is ended on one tap: the question comes first, naming the device.
    expect(server.callsTo('POST', '/api/users/me/sessions/s2/end')).toHaveLength(0);
    expect(scope.getState(endSessionConfirmation.$dialog)).not.toBeNull();
    await allSettled(endSessionConfirmation.dialogConfirmed, { scope });
    expect(scope.getState(endSessionConfirmation.$dialog)).toBeNull();
    expect(server.callsTo('POST', '/api/users/me/sessions/s2/end')).toHaveLength(1);
    expect(scope.getState($sessions)?.map((s) => s.id)).toEqual(['s1']);
    expect(server.callsTo('GET', '/api/users/me/sessions')).toHaveLength(2);
  });

  test('ends all others; a refusal is shown and the list reloaded', async () => {
    server.on('GET', '/api/users/me/sessions', () => ok({ items: [session('s1', true)] }));
    server.on('POST', '/api/users/me/sessions/end-others', () => ok({ ended: 2 }));
    server.on('POST', '/api/users/me/sessions/gone/end', () => fail(404, { service: 'auth', code: 'SESSION_NOT_FOUND', message: 'No such session' }));
    const scope = await scopeWith();
    await allSettled(endOthersClicked, { scope });
    expect(server.callsTo('POST', '/api/users/me/sessions/end-others')).toHaveLength(0);
    await allSettled(endOthersConfirmation.dialogConfirmed, { scope });
    expect(server.callsTo('POST', '/api/users/me/sessions/end-others')).toHaveLength(1);
    await allSettled(endSessionClicked, { scope, params: { id: 'gone', device: 'x' } });
    await allSettled(endSessionConfirmation.dialogConfirmed, { scope });
    expect(scope.getState($endError)?.keys).toContain('error-codes:SESSION_NOT_FOUND');
    expect(scope.getState($sessions)?.map((s) => s.id)).toEqual(['s1']);
  });

  test('cancelling (the dialog, or Telegram\'s popup) ends nothing; inside Telegram its popup asks', async () => {
    server.on('GET', '/api/users/me/sessions', () => ok({ items: [session('s1', true), session('s2')] }));
    const scope = await scopeWith();
    await allSettled(endOthersClicked, { scope });
    await allSettled(endOthersConfirmation.dialogCancelled, { scope });
    expect(scope.getState(endOthersConfirmation.$dialog)).toBeNull();
    const telegram = fork({ handlers: [[endSessionConfirmation.askFx, async () => 'cancelled' as const]] });
    await allSettled(endSessionClicked, { scope: telegram, params: { id: 's2', device: 'x' } });
    expect(telegram.getState(endSessionConfirmation.$dialog)).toBeNull();
    const yes = fork({ handlers: [[endSessionConfirmation.askFx, async () => 'confirmed' as const]] });
    server.on('POST', '/api/users/me/sessions/s2/end', () => ok({ ended: true }));
    await allSettled(endSessionClicked, { scope: yes, params: { id: 's2', device: 'x' } });
    expect(server.callsTo('POST', '/api/users/me/sessions/end-others')).toHaveLength(0);
    expect(server.callsTo('POST', '/api/users/me/sessions/s2/end')).toHaveLength(1);
  });

  test("the questions and the toasts are the slice's own words, in the app's language", async () => {
    await initI18n({ navigatorLanguages: ['en'] });
    await loadNamespaces([endSessionsTexts.ns, 'common']);
    server.on('GET', '/api/users/me/sessions', () => ok({ items: [session('s1', true)] }));
    server.on('POST', '/api/users/me/sessions/end-others', () => ok({ ended: 2 }));
    const scope = await scopeWith();
    await allSettled(endSessionClicked, { scope, params: { id: 's2', device: 'Chrome 131 · Android' } });
    expect(scope.getState(endSessionConfirmation.$dialog)).toEqual({
      title: 'End this session?',
      message: 'Chrome 131 · Android will be signed out at once. To use the app there again, sign in there.',
      confirm: 'End session',
      cancel: 'Cancel',
      destructive: true,
    });
    await changeLanguage('ru');
    await allSettled(endOthersClicked, { scope });
    expect(scope.getState(endOthersConfirmation.$dialog)).toMatchObject({ title: 'Завершить все другие сеансы?', confirm: 'Завершить все', cancel: 'Отмена' });
    await allSettled(endOthersConfirmation.dialogConfirmed, { scope });
    expect(notify.success).toHaveBeenLastCalledWith('Завершено 2 сеанса');
    await changeLanguage('en');
  });

  test('a failed load says so', async () => {
    server.on('GET', '/api/users/me/sessions', () => fail(500, { service: 'api', code: 'INTERNAL', message: 'x' }));
    const scope = await scopeWith();
    await allSettled(sessionsRequested, { scope });
    expect(scope.getState($loadFailed)).toBe(true);
  });
});
