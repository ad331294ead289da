import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { readCloudLanguageFx } from '@/features/change-language';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, ok } from '@/shared/api/index.testing';
import type { AppConfig } from '@/shared/contract';
import { openTelegramLink } from '@/shared/platform';
import {
  $openFaqItems,
  $settingsConfig,
  faqToggled,
  openSupportEmailFx,
  settingsPage,
  supportEmailOpened,
  supportTelegramOpened,
} from './settings';

vi.mock('@/shared/platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/platform')>()),
  openTelegramLink: vi.fn(),
}));

const server = createFakeServer();
const support = { telegramUsername: 'TonicSupport', telegramUrl: 'https://t.me/TonicSupport', email: 'help@example.com' };
const config: AppConfig = {
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
  support,
  verification: { resendCountdownSeconds: 60, codeLength: 6 },
  app: { botUsername: 'TonicWalletBot', miniAppShortName: 'wallet' },
};

/** Settings opened: config loaded; the cloud language sync replaced (it has its own tests). */
const openSettings = async () => {
  const email = vi.fn();
  const cloud = vi.fn().mockResolvedValue(null);
  const scope = fork({ handlers: [[openSupportEmailFx, email], [readCloudLanguageFx, cloud]] });
  await allSettled(settingsPage.opened, { scope });
  return { scope, email, cloud };
};

beforeEach(async () => {
  server.reset();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access', refreshToken: 'refresh' });
  await allSettled(apiDataReset, { scope: fork() });
  server.on('GET', '/api/config', () => ok(config));
  vi.mocked(openTelegramLink).mockReset().mockResolvedValue({ ok: true, value: undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe('settings model', () => {
  test('opening Settings loads the config and runs the cloud language sync', async () => {
    const { scope, cloud } = await openSettings();
    expect(scope.getState($settingsConfig)?.support).toEqual(support);
    expect(cloud).toHaveBeenCalledTimes(1);
  });

  test('support opens the Telegram chat through the platform link opener', async () => {
    const { scope, email } = await openSettings();
    await allSettled(supportTelegramOpened, { scope });
    expect(openTelegramLink).toHaveBeenCalledExactlyOnceWith('https://t.me/TonicSupport');
    expect(email).not.toHaveBeenCalled();
  });

  test('when Telegram cannot open the link, email support is offered instead', async () => {
    vi.mocked(openTelegramLink).mockResolvedValue({ ok: false, error: { kind: 'invalid', messageKey: 'platform:errors.linkInvalid' } });
    const { scope, email } = await openSettings();
    await allSettled(supportTelegramOpened, { scope });
    expect(email).toHaveBeenCalledExactlyOnceWith('help@example.com');
  });

  test('email support opens a mail to the configured address', async () => {
    const { scope, email } = await openSettings();
    await allSettled(supportEmailOpened, { scope });
    expect(email).toHaveBeenCalledExactlyOnceWith('help@example.com');
  });

  test('nothing opens before the contacts are known', async () => {
    const email = vi.fn();
    const scope = fork({ handlers: [[openSupportEmailFx, email]] }); // Settings not opened: no config yet
    expect(scope.getState($settingsConfig)).toBeNull();
    await allSettled(supportTelegramOpened, { scope });
    await allSettled(supportEmailOpened, { scope });
    expect(openTelegramLink).not.toHaveBeenCalled();
    expect(email).not.toHaveBeenCalled();
  });

  test('FAQ items expand and collapse independently', async () => {
    const scope = fork();
    await allSettled(faqToggled, { scope, params: 'usdt' });
    await allSettled(faqToggled, { scope, params: 'sbp' });
    expect(scope.getState($openFaqItems)).toEqual(['usdt', 'sbp']);
    await allSettled(faqToggled, { scope, params: 'usdt' });
    expect(scope.getState($openFaqItems)).toEqual(['sbp']);
  });
});
