/**
 * Card lifecycle end to end (issue #14), in Chromium against the real server and its sandbox issuer, in English and
 * Russian: withdraw from a card to the wallet; close a card (confirmation says it cannot be undone) and see its money
 * back in the wallet; the card leaves the list for the archive; block a card as stolen and order a replacement.
 * Screenshots: test-results/e2e/card-lifecycle-*.png.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, fundUsdt, issueCardViaApi, openSignedIn, ROOT, saveScreenshot, setVerification, signUpViaApi, test, visible, cardLifecycleTexts, cardTexts } from './support';

type Lang = 'en' | 'ru';
const texts = (lang: Lang, ns: string) => JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
const T = {
  en: { l: cardLifecycleTexts('en'), cards: cardTexts('en'), wallet: texts('en', 'wallet') },
  ru: { l: cardLifecycleTexts('ru'), cards: cardTexts('ru'), wallet: texts('ru', 'wallet') },
};
const staticDir = process.env.CARDS_E2E_STATIC_DIR ? { staticDir: resolve(process.env.CARDS_E2E_STATIC_DIR) } : {};

async function shotOf(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** A verified user with USDT credited and an active virtual card holding 20.00 (issued through the API). */
async function userWithCard(baseUrl: string, lang: Lang) {
  const user = await signUpViaApi(baseUrl, 'lifecycle', { firstName: lang === 'ru' ? 'Ivan' : 'Anna', lastName: lang === 'ru' ? 'Petrov' : 'Smith' });
  await setVerification(baseUrl, user.email, 'verified');
  await fundUsdt(baseUrl, user.accessToken, 100);
  // Each issuer step takes 1.5 s: the in-between statuses (closing, blocking) are on screen for a poll or two.
  await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 1_500 });
  const cardId = await issueCardViaApi(baseUrl, user.accessToken, { initialDeposit: 20_00 });
  return { user, cardId };
}

const walletUsd = async (baseUrl: string, token: string) =>
  ((await api(baseUrl, 'GET', '/api/wallet', undefined, token)).balances as Array<{ currency: string; available: { amount: number } }>).find((b) => b.currency === 'USD')!
    .available.amount;
const cardStatus = (page: Page) => page.locator('main [data-status]').first().getAttribute('data-status', { timeout: 2_000 }).catch(() => null);

function closeFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const { l, cards, wallet } = T[lang];
    const money = (amount: string) => (lang === 'en' ? `$${amount}` : `${amount.replace('.', ',')}\u00a0$`);
    const shot = `card-lifecycle-${lang}-close`;
    const { user, cardId } = await userWithCard(baseUrl, lang);
    const card = await api(baseUrl, 'GET', `/api/cards/${cardId}`, undefined, user.accessToken);
    const before = await walletUsd(baseUrl, user.accessToken);

    await openSignedIn(page, baseUrl, user, `/cards/${cardId}`, lang);
    await visible(page.getByText(money('20.00')));

    // ── Withdraw 5.00 to the wallet: amount, confirmation, money in the wallet at once.
    await page.getByRole('button', { name: l.withdraw.button, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: l.withdraw.title });
    await visible(sheet);
    await sheet.getByRole('textbox').fill(lang === 'en' ? '25' : '25,00');
    await sheet.getByRole('button', { name: l.withdraw.continue }).click();
    await visible(sheet.getByText(l.withdraw.problems.aboveBalance.replace('{{amount}}', money('20.00'))));
    await shotOf(page, `${shot}-withdraw-too-much`);
    await sheet.getByRole('textbox').fill(lang === 'en' ? '5' : '5,00');
    await sheet.getByRole('button', { name: l.withdraw.continue }).click();
    await visible(sheet.getByText(l.withdraw.toWallet));
    await shotOf(page, `${shot}-withdraw-confirm`);
    await sheet.getByRole('button', { name: l.withdraw.confirm, exact: true }).click();
    await visible(page.getByText(l.withdraw.done));
    await visible(page.getByText(money('15.00')).first());
    expect(await walletUsd(baseUrl, user.accessToken)).toBe(before + 5_00);

    // ── Close: the confirmation says it cannot be undone and what returns; then closing → closed.
    await page.getByRole('button', { name: l.close.button }).click();
    const confirm = page.getByRole('dialog', { name: l.close.title });
    await visible(confirm);
    await visible(confirm.getByText(l.irreversible));
    await visible(confirm.getByText(l.close.balanceBack.replace('{{amount}}', money('15.00'))));
    await shotOf(page, `${shot}-confirm`);
    await confirm.getByRole('button', { name: l.close.confirm }).click();
    await expect.poll(() => cardStatus(page), { timeout: 30_000, interval: 200 }).toBe('closed');
    await visible(page.getByText(cards.statusHint.closed));
    expect(await page.getByRole('button', { name: l.close.button }).count()).toBe(0);
    await shotOf(page, `${shot}-closed`);
    expect(await walletUsd(baseUrl, user.accessToken)).toBe(before + 20_00);

    // ── The wallet shows the money back from the card.
    await page.goto(`${baseUrl}/wallet`);
    await visible(page.getByText(wallet.transaction.details.fromCard.replace('{{last4}}', card.last4)).first());
    await shotOf(page, `${shot}-wallet`);

    // ── The card left the list; the archive shows it.
    await page.goto(`${baseUrl}/cards`);
    await visible(page.getByText(cards.list.emptyTitle));
    expect(await page.locator(`[data-card-id="${cardId}"]`).count()).toBe(0);
    await page.getByRole('link', { name: l.archive.link }).click();
    await visible(page.getByRole('heading', { level: 1, name: l.archive.title }));
    await visible(page.locator(`[data-card-id="${cardId}"]`));
    await visible(page.locator(`[data-card-id="${cardId}"]`).getByText(cards.status.closed));
    await shotOf(page, `${shot}-archive`);
  };
}

function blockFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const { l, cards } = T[lang];
    const shot = `card-lifecycle-${lang}-block`;
    const { user, cardId } = await userWithCard(baseUrl, lang);
    const before = await walletUsd(baseUrl, user.accessToken);

    await openSignedIn(page, baseUrl, user, `/cards/${cardId}`, lang);
    await page.getByRole('button', { name: l.block.button }).click();
    const sheet = page.getByRole('dialog', { name: l.block.title });
    await visible(sheet);
    await visible(sheet.getByText(l.irreversible));
    await visible(sheet.getByText(l.block.freezeInstead));
    // No reason chosen: asked for one, nothing sent.
    await sheet.getByRole('button', { name: l.block.confirm }).click();
    await visible(sheet.getByText(l.block.reasonRequired).last());
    await sheet.getByRole('combobox', { name: l.block.reasonLabel }).selectOption('stolen');
    await shotOf(page, `${shot}-confirm`);
    await sheet.getByRole('button', { name: l.block.confirm }).click();
    await expect.poll(() => cardStatus(page), { timeout: 30_000, interval: 200 }).toBe('blocked');
    await visible(page.getByText(cards.statusReason.STOLEN, { exact: false }));
    expect(await walletUsd(baseUrl, user.accessToken)).toBe(before + 20_00);

    // ── The replacement: offered on the blocked card, free, opens the new card.
    await visible(page.getByText(l.replace.title));
    await shotOf(page, `${shot}-blocked`);
    await page.getByRole('button', { name: l.replace.button }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe(`/cards/${cardId}`);
    const newId = new URL(page.url()).pathname.split('/').pop()!;
    expect(newId).toMatch(/^crd_/);
    await expect.poll(() => cardStatus(page), { timeout: 30_000, interval: 200 }).toBe('active');
    await shotOf(page, `${shot}-replacement`);
    const [oldCard, newCard] = await Promise.all([
      api(baseUrl, 'GET', `/api/cards/${cardId}`, undefined, user.accessToken),
      api(baseUrl, 'GET', `/api/cards/${newId}`, undefined, user.accessToken),
    ]);
    expect(oldCard).toMatchObject({ status: 'blocked', statusReason: 'STOLEN', replacedByCardId: newId });
    expect(newCard).toMatchObject({ status: 'active', productId: oldCard.productId, replacesCardId: cardId, balance: { amount: 0 } });
    expect(await walletUsd(baseUrl, user.accessToken)).toBe(before + 20_00); // the replacement was free

    // The blocked card links to its replacement.
    await page.goto(`${baseUrl}/cards/${cardId}`);
    await page.getByRole('link', { name: l.replace.openNew }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/cards/${newId}`);
  };
}

describe('Card lifecycle in English', () => {
  test.override({ appOptions: { ...staticDir } });
  test('withdraw, then close a card and see its money back in the wallet; the archive', closeFlow('en'), 120_000);
  test('block a card as stolen and order a replacement', blockFlow('en'), 120_000);
});

describe('Card lifecycle in Russian', () => {
  test.override({ appOptions: { locale: 'ru-RU', ...staticDir } });
  test('withdraw, then close a card and see its money back in the wallet; the archive', closeFlow('ru'), 120_000);
  test('block a card as stolen and order a replacement', blockFlow('ru'), 120_000);
});
