import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '@/shared/contract';
import { formatDateTime, i18n, initI18n, loadNamespaces } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { activityText } from './activity-text';

const base = { id: 'x', createdAt: '2026-11-01T12:00:00.000Z', read: false };
const items: ActivityItem[] = [
  { ...base, kind: 'topUpCredited', amount: { amount: 20_00, currency: 'USD' }, method: 'sbp' },
  { ...base, kind: 'paymentFailed', amount: { amount: 250_00, currency: 'RUB' }, paymentId: 'p1' },
  { ...base, kind: 'cardReady', last4: '4242' },
  { ...base, kind: 'cardBlocked', last4: null },
  { ...base, kind: 'purchaseApproved', amount: { amount: 12_34, currency: 'USD' }, merchant: 'BLUE BOTTLE <COFFEE>', last4: '4242' },
  { ...base, kind: 'purchaseDeclined', amount: { amount: 5_00, currency: 'USD' }, merchant: 'SHOP', last4: '4242', reason: 'INSUFFICIENT_FUNDS' },
  { ...base, kind: 'newSignIn', at: '2026-11-01T10:00:00.000Z' },
  { ...base, kind: 'accountStatus', status: 'verified' },
  { ...base, kind: 'accountStatus', status: 'verificationFailed' },
  { ...base, kind: 'accountStatus', status: 'infoRequested', items: ['proof_of_address', 'selfie'] },
  { ...base, kind: 'accountStatus', status: 'frozen', freezeReason: 'compliance_review' },
  { ...base, kind: 'accountStatus', status: 'unfrozen' },
  { ...base, kind: 'transferReceived', amount: { amount: 7_00, currency: 'USD' }, from: 'Alice S.', note: 'for <lunch>' },
  { ...base, kind: 'transferReceived', amount: { amount: 7_00, currency: 'USD' }, from: 'Alice S.', note: null },
  { ...base, kind: 'requestPaid', amount: { amount: 7_00, currency: 'USD' }, by: 'Boris P.' },
  { ...base, kind: 'withdrawalCompleted', amount: { amount: 30_00, currency: 'USD' }, method: 'usdt' },
  { ...base, kind: 'withdrawalFailed', amount: { amount: 30_00, currency: 'USD' }, method: 'sbp' },
];

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await loadNamespaces(['notifications', 'errors']);
});

describe('activityText', () => {
  it("says each event in the bot's words, in English and Russian, with the app's formatting (no HTML escaping)", async () => {
    for (const language of ['en', 'ru'] as const) {
      await i18n.changeLanguage(language);
      await loadNamespaces(['notifications', 'errors']);
      const format = { money: (m: { amount: number; currency: 'USD' | 'RUB' }) => formatMoney(m, language), dateTime: (v: string) => formatDateTime(v, language) };
      const texts = items.map((entry) => activityText(entry, i18n.t.bind(i18n) as never, format as never));
      expect(texts.every((text) => text.length > 0 && !text.includes('{{') && !text.includes('&lt;'))).toBe(true);
      if (language === 'en') {
        expect(texts).toEqual([
          'Top-up credited: $20.00 (SBP).',
          `Your SBP payment of ${formatMoney({ amount: 250_00, currency: 'RUB' }, 'en')} did not go through. No money was taken.`,
          'Your card •4242 is ready.',
          'Your card has been blocked.',
          'Purchase approved: $12.34 at BLUE BOTTLE <COFFEE>, card •4242.',
          expect.stringMatching(/^Purchase declined: \$5\.00 at SHOP, card •4242\. \S/),
          expect.stringContaining(formatDateTime('2026-11-01T10:00:00.000Z', 'en')),
          'Your account is verified: top-ups, exchanges and cards are open to you.',
          'Account verification failed. Please contact support to resolve this issue.',
          'To finish verifying your account we need a proof of your address (a utility bill or bank statement); a selfie holding your ID document. Please send it to support.',
          'Your account is frozen. Your account is under a compliance review. No money can leave the account while it is frozen. Please contact support.',
          'Your account is no longer frozen: money can move again.',
          'Alice S. sent you $7.00. “for <lunch>”',
          'Alice S. sent you $7.00.',
          'Boris P. paid your request for $7.00.',
          'Your withdrawal of $30.00 in USDT has been confirmed on the TRON network.',
          'Your withdrawal of $30.00 by SBP did not go through. The money is back in your wallet.',
        ]);
      } else {
        expect(texts[0]).toBe(`Пополнение зачислено: ${formatMoney({ amount: 20_00, currency: 'USD' }, 'ru')} (СБП).`);
        expect(texts[2]).toBe('Ваша карта •4242 готова.');
        expect(texts[12]).toBe(`Alice S. перевёл(а) вам ${formatMoney({ amount: 7_00, currency: 'USD' }, 'ru')}. «for <lunch>»`);
        expect(texts[15]).toBe(`Вывод ${formatMoney({ amount: 30_00, currency: 'USD' }, 'ru')} в USDT подтверждён в сети TRON.`);
        expect(texts[10]).toBe('Ваш счёт заморожен. Ваш счёт проходит проверку комплаенс. Пока счёт заморожен, деньги с него не уходят. Обратитесь в поддержку.');
      }
    }
    await i18n.changeLanguage('en');
  });
});
