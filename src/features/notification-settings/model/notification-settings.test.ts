// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import type { NotificationSettings } from '@/shared/contract';
import { canRequestWriteAccess, telegramAllowsBotMessages } from '@/shared/platform';
import { notificationSettingsTexts } from '../i18n/texts';
import {
  $botAccess,
  $botAccessDeclined,
  $changingKind,
  $notificationSettings,
  $notificationSettingsError,
  notificationKindToggled,
  notificationSettingsOpened,
  botAccessRequested,
  requestBotAccessFx,
} from './notification-settings';

vi.mock('@/shared/platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/platform')>()),
  telegramAllowsBotMessages: vi.fn(),
  canRequestWriteAccess: vi.fn(),
}));

const server = createFakeServer();
const allOn = (): NotificationSettings => ({
  telegramLinked: true,
  botBlocked: false,
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
  vi.mocked(telegramAllowsBotMessages).mockReset().mockReturnValue(null);
  vi.mocked(canRequestWriteAccess).mockReset().mockReturnValue(true);
  server.on('GET', '/api/notifications/settings', () => ok(stored));
  server.on('PATCH', '/api/notifications/settings', (request) => {
    const body = request.body as { kinds?: Partial<NotificationSettings['kinds']>; language?: 'en' | 'ru'; botAllowed?: true };
    stored = { ...stored, language: body.language ?? stored.language, kinds: { ...stored.kinds, ...body.kinds } };
    if (body.botAllowed) stored.botBlocked = false;
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
    expect(scope.getState($notificationSettingsError)?.keys).toContain(`${notificationSettingsTexts.ns}:saveFailed`);
    server.on('PATCH', '/api/notifications/settings', () => ok({ ...stored, kinds: { ...stored.kinds, newSignIn: false } }));
    await allSettled(notificationKindToggled, { scope, params: { kind: 'newSignIn', enabled: false } });
    expect(scope.getState($notificationSettingsError)).toBeNull();
    expect(scope.getState($notificationSettings)?.kinds.newSignIn).toBe(false);
  });

  describe("the bot's access (issue #35)", () => {
    const patches = () => server.callsTo('PATCH', '/api/notifications/settings').map((c) => c.body);

    it("Telegram's 403 shows as blocked; allowing tells the server, which clears it", async () => {
      stored = { ...allOn(), botBlocked: true };
      const ask = vi.fn().mockResolvedValue(true);
      const scope = fork({ handlers: [[requestBotAccessFx, ask]] });
      await allSettled(notificationSettingsOpened, { scope, params: 'en' });
      expect(scope.getState($botAccess)).toBe('blocked');
      expect(ask).not.toHaveBeenCalled(); // never asked by itself on opening
      await allSettled(botAccessRequested, { scope });
      expect(ask).toHaveBeenCalledOnce();
      expect(patches()).toEqual([{ botAllowed: true, language: 'en' }]);
      expect(scope.getState($botAccess)).toBe('ok');
    });

    it("not allowed by Telegram's launch data while a notification is on: turning one on asks; a declined answer says so and leaves the server alone", async () => {
      vi.mocked(telegramAllowsBotMessages).mockReturnValue(false);
      stored = { ...allOn(), kinds: { ...allOn().kinds, topUpCredited: false } };
      const ask = vi.fn().mockResolvedValue(false);
      const scope = fork({ handlers: [[requestBotAccessFx, ask]] });
      await allSettled(notificationSettingsOpened, { scope, params: 'en' });
      expect(scope.getState($botAccess)).toBe('notAllowed');
      await allSettled(notificationKindToggled, { scope, params: { kind: 'newSignIn', enabled: false } });
      expect(ask).not.toHaveBeenCalled();
      await allSettled(notificationKindToggled, { scope, params: { kind: 'topUpCredited', enabled: true } });
      expect(ask).toHaveBeenCalledOnce();
      expect(scope.getState($botAccessDeclined)).toBe(true);
      expect(patches()).not.toContainEqual(expect.objectContaining({ botAllowed: true }));
      expect(scope.getState($botAccess)).toBe('notAllowed');

      ask.mockResolvedValue(true);
      await allSettled(botAccessRequested, { scope });
      expect(scope.getState($botAccessDeclined)).toBe(false);
      expect(scope.getState($botAccess)).toBe('ok');
      expect(patches().at(-1)).toEqual({ botAllowed: true, language: 'en' });
    });

    it('everything off, no Telegram account, or allowed: nothing to say; where Telegram cannot ask, nothing is asked', async () => {
      vi.mocked(telegramAllowsBotMessages).mockReturnValue(false);
      const none = Object.fromEntries(Object.keys(allOn().kinds).map((k) => [k, false])) as NotificationSettings['kinds'];
      stored = { ...allOn(), kinds: none };
      const scope = fork();
      await allSettled(notificationSettingsOpened, { scope, params: 'en' });
      expect(scope.getState($botAccess)).toBe('ok');

      await allSettled(apiDataReset, { scope: fork() }); // each case reads the server afresh, not the cached answer
      stored = { ...allOn(), telegramLinked: false, botBlocked: true };
      const unlinked = fork();
      await allSettled(notificationSettingsOpened, { scope: unlinked, params: 'en' });
      expect(unlinked.getState($botAccess)).toBe('ok');

      await allSettled(apiDataReset, { scope: fork() });
      stored = { ...allOn(), botBlocked: true };
      vi.mocked(canRequestWriteAccess).mockReturnValue(false);
      const ask = vi.fn().mockResolvedValue(true);
      const old = fork({ handlers: [[requestBotAccessFx, ask]] });
      await allSettled(notificationSettingsOpened, { scope: old, params: 'en' });
      expect(old.getState($botAccess)).toBe('blocked');
      await allSettled(botAccessRequested, { scope: old });
      expect(ask).not.toHaveBeenCalled();
    });
  });
});
