import { beforeAll, describe, expect, it } from 'vitest';
import type { DeletionBlocker } from '@/shared/contract';
import { i18n, initI18n } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { deleteAccountTexts } from '../i18n/texts';
import { blockerText } from './blocker-text';

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces([deleteAccountTexts.ns, 'cards']);
  await i18n.loadLanguages('ru');
  await i18n.loadNamespaces([deleteAccountTexts.ns, 'cards']);
});

const text = (blocker: DeletionBlocker, lang: 'en' | 'ru') =>
  blockerText(blocker, { t: (key, options) => i18n.getFixedT(lang)(key, options), price: (money) => formatMoney(money, lang) });

describe('blockerText', () => {
  it('a card being issued is to be waited for, never "closed" (and never "Card a card being issued")', () => {
    const issuing: DeletionBlocker = { kind: 'card', cardId: 'crd_1', last4: null, status: 'processing', next: 'wait' };
    expect(text(issuing, 'en')).toBe('A card is being issued (Processing). Wait until it is ready, then close it.');
    expect(text(issuing, 'ru')).toMatch(/^Карта ещё выпускается \(.+\)\. Дождитесь/);
    expect(text(issuing, 'en')).not.toMatch(/Card a card|Close it first/);
  });

  it('an open card is to be closed; a changing one to be waited for', () => {
    expect(text({ kind: 'card', cardId: 'c', last4: '4242', status: 'active', next: 'close' }, 'en')).toBe('Card •• 4242 is still open. Close it first.');
    expect(text({ kind: 'card', cardId: 'c', last4: '4242', status: 'closing', next: 'wait' }, 'en')).toMatch(/^Card •• 4242 is not settled yet \(Closing\)\. Wait/);
    expect(text({ kind: 'card', cardId: 'c', last4: '4242', status: 'active', next: 'close' }, 'ru')).toBe('Карта •• 4242 ещё открыта. Сначала закройте её.');
  });

  it('amounts are spelled out (the formatter it is given is never masked)', () => {
    expect(text({ kind: 'walletBalance', amount: 12_50, currency: 'USD' }, 'en')).toBe('Your USD wallet holds $12.50. Spend or exchange it first.');
    expect(text({ kind: 'pendingTransaction', amount: 150_00, currency: 'RUB' }, 'ru')).toContain('150,00');
  });
});
