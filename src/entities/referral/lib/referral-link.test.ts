import { describe, expect, test } from 'vitest';
import { buildReferralLink, referralStartParam } from './referral-link';

describe('buildReferralLink', () => {
  test('direct Mini App link with the code as start parameter', () => {
    expect(buildReferralLink('AB12CD34', { botUsername: 'TonicWalletBot', miniAppShortName: 'wallet' })).toBe(
      'https://t.me/TonicWalletBot/wallet?startapp=ref_AB12CD34',
    );
  });

  test('without a short name the bot’s main Mini App is opened', () => {
    expect(buildReferralLink('AB12CD34', { botUsername: '@TonicWalletBot', miniAppShortName: null })).toBe(
      'https://t.me/TonicWalletBot?startapp=ref_AB12CD34',
    );
  });

  test('no link without a bot or a code', () => {
    expect(buildReferralLink('AB12CD34', null)).toBeNull();
    expect(buildReferralLink('AB12CD34', { botUsername: ' ', miniAppShortName: 'wallet' })).toBeNull();
    expect(buildReferralLink('', { botUsername: 'Bot', miniAppShortName: null })).toBeNull();
  });

  test('the start parameter fits Telegram’s alphabet [A-Za-z0-9_-]', () => {
    expect(referralStartParam('AB12CD34')).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
