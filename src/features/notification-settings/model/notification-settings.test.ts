// @vitest-environment jsdom
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import type { NotificationSettings } from '@/shared/contract';
import {
  $changingKind,
  $notificationSettings,
  $notificationSettingsError,
  notificationKindToggled,
  notificationSettingsOpened,
} from './notification-settings';

const server = createFakeServer();
const allOn = (): NotificationSettings => ({
  telegramLinked: true,
  language: 'en',
  kinds: { topUpCredited: true, paymentFailed: true, cardReady: true, cardBlocked: true, purchaseApproved: true, purchaseDeclined: true, newSignIn: true, transferReceived: true, requestPaid: true, withdrawalCompleted: true, withdrawalFailed: true },
});

let stored: NotificationSettings;
beforeEach(async () => {
  server.reset();
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: 'https://api.test', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  await allSettled(apiDataReset, { scope: fork() });
  stored = allOn();
  server.on('GET', '/api/notifications/settings', () => ok(stored));
  server.on('PATCH', '/api/notifications/settings', (request) => {
    const body = request.body as { kinds?: Partial<NotificationSettings['kinds']>; language?: 'en' | 'ru' };
    stored = { ...stored, language: body.language ?? stored.language, kinds: { ...stored.kinds, ...body.kinds } };
    return ok(stored);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('notification settings', () => {
  it('loads the switches when opened; a settings row in the same language is not written', async () => {
    const scope = fork();
    await allSettled(notificationSettingsOpened, { scope, params: 'en' });
    expect(scope.getState($notificationSettings)).toEqual(allOn());
    expect(server.callsTo('PATCH', '/api/notifications/settings')).toHaveLength(0);
  });

  it('opened in Russian: the bot language is brought in line once', async () => {
    const scope = fork();
    await allSettled(notificationSettingsOpened, { scope, params: 'ru' });
    expect(server.callsTo('PATCH', '/api/notifications/settings').map((c) => c.body)).toEqual([{ language: 'ru' }]);
    expect(scope.getState($notificationSettings)?.language).toBe('ru');
  });

  it('a switch sends only its kind with the language, and the answer replaces the switches', async () => {
    const scope = fork();
    await allSettled(notificationSettingsOpened, { scope, params: 'en' });
    await allSettled(notificationKindToggled, { scope, params: { kind: 'topUpCredited', enabled: false } });
    expect(server.callsTo('PATCH', '/api/notifications/settings').map((c) => c.body)).toEqual([{ kinds: { topUpCredited: false }, language: 'en' }]);
    expect(scope.getState($notificationSettings)?.kinds).toMatchObject({ topUpCredited: false, newSignIn: true });
    expect(scope.getState($changingKind)).toBeNull();
    await allSettled(notificationKindToggled, { scope, params: { kind: 'topUpCredited', enabled: true } });
    expect(scope.getState($notificationSettings)?.kinds.topUpCredited).toBe(true);
  });

  it('a failed change keeps what the server has and says so; the next change clears the message', async () => {
    const scope = fork();
    await allSettled(notificationSettingsOpened, { scope, params: 'en' });
    server.on('PATCH', '/api/notifications/settings', () => fail(503, { service: 'api', code: 'SERVICE_UNAVAILABLE', message: 'down' }));
    await allSettled(notificationKindToggled, { scope, params: { kind: 'newSignIn', enabled: false } });
    expect(scope.getState($notificationSettings)?.kinds.newSignIn).toBe(true);
    expect(scope.getState($notificationSettingsError)?.keys).toContain('notifications:saveFailed');
    server.on('PATCH', '/api/notifications/settings', () => ok({ ...stored, kinds: { ...stored.kinds, newSignIn: false } }));
    await allSettled(notificationKindToggled, { scope, params: { kind: 'newSignIn', enabled: false } });
    expect(scope.getState($notificationSettingsError)).toBeNull();
    expect(scope.getState($notificationSettings)?.kinds.newSignIn).toBe(false);
  });
});
