// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import type { AppConfig } from '@/shared/contract';
import { initI18n, loadNamespaces } from '@/shared/i18n';
import { canShareMessage, getPlatformInfo, shareMessage, shareUrl, type PlatformInfo } from '@/shared/platform';
import { shareReferralTexts } from '../i18n/texts';
import { $shareAvailable, $shareConfigSettled, referralShareRequested, shareFeedbackFx, shareMode, ShareReferralGate } from './share-referral';

vi.mock('@/shared/platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/platform')>()),
  getPlatformInfo: vi.fn(),
  shareUrl: vi.fn(),
  canShareMessage: vi.fn(),
  shareMessage: vi.fn(),
}));

const server = createFakeServer();
const LINK = 'https://t.me/TonicWalletBot/wallet?startapp=ref_AB12CD34';
const writeText = vi.fn<(text: string) => Promise<void>>();
const platform = (isMock: boolean): PlatformInfo => ({ initialized: true, isMock, platform: 'ios', version: '8.0', features: {} as PlatformInfo['features'] });

const config = (app: AppConfig['app']): AppConfig => ({
  usdt: {
    network: 'TRON',
    standard: 'TRC20',
    token: 'USDT',
    depositAddress: 'TTonicWa11etSandboxDeposit12345678',
    minDeposit: { amount: 1000, currency: 'USD' },
    confirmations: 19,
    tagDecimals: 6,
  },
  sbp: { minAmount: { amount: 10000, currency: 'RUB' }, maxAmount: { amount: 30000000, currency: 'RUB' }, paymentTtlSeconds: 900 },
  exchange: { feeBps: 100, quoteTtlSeconds: 60, minAmounts: [], maxAmounts: [] },
  cards: { maxCards: 5, sensitiveDataTtlSeconds: 60 },
  support: { telegramUsername: 'TonicSupport', telegramUrl: 'https://t.me/TonicSupport', email: 'support@example.com' },
  verification: { resendCountdownSeconds: 60, codeLength: 6 },
  app,
});

/** A scope with the link settings loaded (the share button's gate opened). */
const openScope = async (app: AppConfig['app'] = { botUsername: 'TonicWalletBot', miniAppShortName: 'wallet' }) => {
  server.on('GET', '/api/config', () => ok(config(app)));
  const feedback = vi.fn();
  const scope = fork({ handlers: [[shareFeedbackFx, feedback]] });
  await allSettled(ShareReferralGate.open, { scope, params: {} });
  return { scope, feedback };
};

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await loadNamespaces([shareReferralTexts.ns, 'invitation', 'errors']);
});
beforeEach(async () => {
  server.reset();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access', refreshToken: 'refresh' });
  await allSettled(apiDataReset, { scope: fork() });
  writeText.mockReset().mockResolvedValue(undefined);
  vi.mocked(shareUrl).mockReset().mockResolvedValue({ ok: true, value: undefined });
  vi.mocked(canShareMessage).mockReset().mockReturnValue(false);
  vi.mocked(shareMessage).mockReset().mockResolvedValue({ ok: true, value: true });
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
});
afterEach(() => vi.unstubAllGlobals());

describe('share referral', () => {
  test('inside Telegram: Telegram’s share sheet with the t.me link and an invitation carrying the code', async () => {
    vi.mocked(getPlatformInfo).mockReturnValue(platform(false));
    expect(shareMode()).toBe('telegram');
    const { scope, feedback } = await openScope();
    expect(scope.getState($shareAvailable)).toBe(true);

    await allSettled(referralShareRequested, { scope, params: 'AB12CD34' });

    expect(shareUrl).toHaveBeenCalledExactlyOnceWith(LINK, expect.stringContaining('AB12CD34'));
    expect(writeText).not.toHaveBeenCalled();
    expect(feedback).toHaveBeenCalledExactlyOnceWith('shared');
  });

  test('outside Telegram (the development mock): the link is copied instead', async () => {
    vi.mocked(getPlatformInfo).mockReturnValue(platform(true));
    expect(shareMode()).toBe('copy');
    const { scope, feedback } = await openScope();

    await allSettled(referralShareRequested, { scope, params: 'AB12CD34' });

    expect(shareUrl).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledExactlyOnceWith(LINK);
    expect(feedback).toHaveBeenCalledExactlyOnceWith('copied');
  });

  test('the bot’s main Mini App link when there is no short name', async () => {
    vi.mocked(getPlatformInfo).mockReturnValue(platform(true));
    const { scope } = await openScope({ botUsername: 'TonicWalletBot', miniAppShortName: null });
    await allSettled(referralShareRequested, { scope, params: 'AB12CD34' });
    expect(writeText).toHaveBeenCalledExactlyOnceWith('https://t.me/TonicWalletBot?startapp=ref_AB12CD34');
  });

  test('Telegram refusing the share sheet falls back to copying the link', async () => {
    vi.mocked(getPlatformInfo).mockReturnValue(platform(false));
    vi.mocked(shareUrl).mockResolvedValue({ ok: false, error: { kind: 'failed', messageKey: 'platform:errors.failed' } });
    const { scope, feedback } = await openScope();
    await allSettled(referralShareRequested, { scope, params: 'AB12CD34' });
    expect(writeText).toHaveBeenCalledExactlyOnceWith(LINK);
    expect(feedback).toHaveBeenCalledExactlyOnceWith('copied');
  });

  test('a refused clipboard reports "Failed to copy to clipboard"', async () => {
    vi.mocked(getPlatformInfo).mockReturnValue(platform(true));
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { scope, feedback } = await openScope();
    await allSettled(referralShareRequested, { scope, params: 'AB12CD34' });
    expect(feedback).toHaveBeenCalledExactlyOnceWith('failed');
  });

  test('no bot configured: nothing to share, the button hides', async () => {
    vi.mocked(getPlatformInfo).mockReturnValue(platform(true));
    const { scope, feedback } = await openScope({ botUsername: '', miniAppShortName: null });
    expect(scope.getState($shareConfigSettled)).toBe(true);
    expect(scope.getState($shareAvailable)).toBe(false);
    await allSettled(referralShareRequested, { scope, params: 'AB12CD34' });
    expect(writeText).not.toHaveBeenCalled();
    expect(feedback).not.toHaveBeenCalled();
  });

  describe('prepared message (8.0+: shareMessage)', () => {
    const prepared = () => {
      const bodies: unknown[] = [];
      server.on('POST', '/api/promo/share-message', (req) => {
        bodies.push(req.body);
        return ok({ preparedMessageId: 'prepared-7', expiresAt: null });
      });
      return bodies;
    };

    test("the bot's prepared invitation in the app's language goes through Telegram's chat picker; no link, no clipboard", async () => {
      vi.mocked(getPlatformInfo).mockReturnValue(platform(true));
      vi.mocked(canShareMessage).mockReturnValue(true);
      expect(shareMode()).toBe('telegram');
      const bodies = prepared();
      const { scope, feedback } = await openScope();
      await allSettled(referralShareRequested, { scope, params: 'AB12CD34' });
      expect(bodies).toEqual([{ language: 'en' }]);
      expect(shareMessage).toHaveBeenCalledExactlyOnceWith('prepared-7');
      expect(shareUrl).not.toHaveBeenCalled();
      expect(writeText).not.toHaveBeenCalled();
      expect(feedback).toHaveBeenCalledExactlyOnceWith('shared');
    });

    test('the picker closed: nothing else happens (no toast, no copy)', async () => {
      vi.mocked(getPlatformInfo).mockReturnValue(platform(false));
      vi.mocked(canShareMessage).mockReturnValue(true);
      vi.mocked(shareMessage).mockResolvedValue({ ok: false, error: { kind: 'cancelled', messageKey: 'platform:errors.cancelled' } });
      prepared();
      const { scope, feedback } = await openScope();
      await allSettled(referralShareRequested, { scope, params: 'AB12CD34' });
      expect(shareUrl).not.toHaveBeenCalled();
      expect(writeText).not.toHaveBeenCalled();
      expect(feedback).toHaveBeenCalledExactlyOnceWith('cancelled');
    });

    test('no linked Telegram account (409 SHARE_MESSAGE_UNAVAILABLE): the link goes through the share sheet in Telegram, the clipboard in the mock', async () => {
      vi.mocked(canShareMessage).mockReturnValue(true);
      server.on('POST', '/api/promo/share-message', () =>
        fail(409, { service: 'promo', code: 'SHARE_MESSAGE_UNAVAILABLE', message: 'No Telegram account is linked.' }),
      );
      vi.mocked(getPlatformInfo).mockReturnValue(platform(false));
      const inTelegram = await openScope();
      await allSettled(referralShareRequested, { scope: inTelegram.scope, params: 'AB12CD34' });
      expect(shareMessage).not.toHaveBeenCalled();
      expect(shareUrl).toHaveBeenCalledExactlyOnceWith(LINK, expect.stringContaining('AB12CD34'));
      expect(inTelegram.feedback).toHaveBeenCalledExactlyOnceWith('shared');

      vi.mocked(getPlatformInfo).mockReturnValue(platform(true));
      const inMock = await openScope();
      await allSettled(referralShareRequested, { scope: inMock.scope, params: 'AB12CD34' });
      expect(writeText).toHaveBeenCalledExactlyOnceWith(LINK);
      expect(inMock.feedback).toHaveBeenCalledExactlyOnceWith('copied');
    });
  });

  test('before the platform started, nothing pretends to be Telegram', () => {
    vi.mocked(getPlatformInfo).mockReturnValue({ initialized: false, isMock: false, features: {} as PlatformInfo['features'] });
    expect(shareMode()).toBe('copy');
  });
});
