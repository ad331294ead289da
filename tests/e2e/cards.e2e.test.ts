/**
 * Cards end to end (GitHub issue #5, screens), in Chromium against the real server and its sandbox issuer:
 * a verified, funded user issues a virtual and a physical card, watches the statuses settle, tops up,
 * freezes and unfreezes, activates the physical card (code from the sandbox), reveals the card data and
 * sees it hide by itself, and sees purchases simulated by the sandbox — in English and Russian.
 * Screenshots: test-results/e2e/cards-*.png.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Dialog, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, fillDeliveryAddress, fundUsdt, hidden, openSignedIn, ROOT, saveScreenshot, setVerification, signUpViaApi, test, visible, type ApiUser, cardTexts } from './support';

type User = ApiUser;

type Lang = 'en' | 'ru';
const texts = (lang: Lang, ns: string) => JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
const T = { en: { cards: cardTexts('en'), errors: texts('en', 'errors') }, ru: { cards: cardTexts('ru'), errors: texts('ru', 'errors') } };

async function newUser(baseUrl: string, options: { verified?: boolean; usdt?: number; lang?: Lang } = {}): Promise<User & { credited: number }> {
  const ru = options.lang === 'ru';
  const user = { ...(await signUpViaApi(baseUrl, 'cards', { firstName: ru ? 'Ivan' : 'Anna', lastName: ru ? 'Petrov' : 'Smith' })), credited: 0 };
  if (options.verified !== false) await setVerification(baseUrl, user.email, 'verified');
  if (options.usdt) user.credited = await fundUsdt(baseUrl, user.accessToken, options.usdt);
  return user;
}

/**
 * Each sandbox issuer step takes 3 s: longer than the 2 s polling, so every in-between status is on screen at
 * least once (with the default 1.5 s a poll can step over one).
 */
const slowIssuer = (baseUrl: string) => api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 3_000 });

/** Full-page screenshot from the top (sticky header/footer land where a user sees them). */
async function shotOf(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}


/** The status badge of the card screen. */
const cardStatus = (page: Page) => page.locator('main [data-status]').first().getAttribute('data-status', { timeout: 2_000 }).catch(() => null);

/** Polls the card screen's status badge until `target`, recording every status it showed on the way. */
async function watchStatuses(page: Page, target: string, { timeout = 40_000, after }: { timeout?: number; after?: string } = {}): Promise<string[]> {
  const seen: string[] = [];
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const status = await cardStatus(page);
    // `after`: the status before the action, still on screen until the request is answered.
    const stale = seen.length === 0 && status === after;
    if (status && !stale && seen.at(-1) !== status) seen.push(status);
    if (status === target) return seen;
    await page.waitForTimeout(150);
  }
  throw new Error(`status ${target} not reached; saw ${seen.join(' → ')}`);
}

/**
 * What the screen showed while a new card was being issued: statuses of `lifecycle`, in its order, ending in
 * its last one, with at least one in-between status (how many the screen catches depends on when it opened).
 */
function expectLifecycle(seen: string[], lifecycle: string[]) {
  const positions = seen.map((status) => lifecycle.indexOf(status));
  expect(positions.every((position) => position >= 0), `unexpected status in ${seen.join(' → ')}`).toBe(true);
  expect(positions, `out of order: ${seen.join(' → ')}`).toEqual([...positions].sort((a, b) => a - b));
  expect(seen.at(-1)).toBe(lifecycle.at(-1));
  expect(seen.length).toBeGreaterThan(1);
}

const cardIdFromUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** From the cards tab through the catalogue and the product screen to the new card's screen. */
async function issueCard(page: Page, lang: Lang, productId: string, deposit: string, shot: string) {
  const c = T[lang].cards;
  await page.getByRole('link', { name: new RegExp(`${c.list.issueNew}|${c.list.issueFirst}`) }).first().click();
  await visible(page.getByRole('heading', { level: 1, name: c.catalog.title }));
  await page.locator(`input[name="product"][value="${productId}"]`).check();
  if (shot) await shotOf(page, `${shot}-catalog`);
  await page.getByRole('button', { name: c.catalog.continue }).click();

  await visible(page.getByText(c.product.feesTitle));
  const depositInput = page.getByRole('textbox', { name: new RegExp(c.issue.depositLabel.replace('{{currency}}', '')) });
  await depositInput.fill(deposit);
  // A physical card is sent by post: its delivery address (card controls).
  if (productId.includes('physical')) await fillDeliveryAddress(page, lang);
  if (shot) await shotOf(page, `${shot}-product`);
  await page.getByRole('button', { name: c.issue.submit }).click();
  const dialog = page.getByRole('dialog', { name: c.issue.confirmTitle });
  await visible(dialog);
  await visible(dialog.getByText(c.issue.youWillBeCharged));
  if (shot) await shotOf(page, `${shot}-confirm`);
  await dialog.getByRole('button', { name: c.issue.confirm }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/cards\/crd_/);
  return cardIdFromUrl(page);
}

/** Answers the Telegram mock's popups (window.confirm) and QR scanner (window.prompt). */
function answerDialogs(page: Page, answers: { confirm?: boolean; prompt?: () => string | null } = {}) {
  const seen: string[] = [];
  const handler = async (dialog: Dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    if (dialog.type() === 'prompt') {
      const text = answers.prompt?.() ?? null;
      await (text === null ? dialog.dismiss() : dialog.accept(text));
    } else if (answers.confirm === false) await dialog.dismiss();
    else await dialog.accept();
  };
  page.on('dialog', handler);
  return { seen, off: () => page.off('dialog', handler) };
}

function virtualCardFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string; context: import('playwright-core').BrowserContext } }) => {
    const { page, baseUrl, context } = app;
    const c = T[lang].cards;
    const shot = `cards-${lang}-virtual`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const user = await newUser(baseUrl, { usdt: 1000, lang });
    await slowIssuer(baseUrl);
    const money = (amount: string) => (lang === 'en' ? `$${amount}` : `${amount.replace('.', ',')}\u00a0$`);

    // The page's clock runs as usual, and jumps over the reveal's 30 s countdown below.
    await page.clock.install();
    // ── /cards: empty state leads to the catalogue. Russian runs on a Telegram 8.0 mock (biometry 7.2+).
    await openSignedIn(page, baseUrl, user, lang === 'ru' ? '/cards?tgMockVersion=8.0' : '/cards', lang);
    await visible(page.getByText(c.list.emptyTitle));
    await shotOf(page, `${shot}-empty`);

    // "Continue" without a pick: SPEC §5.
    await page.getByRole('link', { name: c.list.issueFirst }).click();
    await visible(page.getByRole('heading', { level: 1, name: c.catalog.title }));
    await page.getByRole('button', { name: c.catalog.continue }).click();
    await visible(page.getByText(c.catalog.selectProduct));
    await shotOf(page, `${shot}-select-product`);
    await page.goto(`${baseUrl}/cards`);
    await visible(page.getByText(c.list.emptyTitle));

    // ── Issue a virtual Visa with a $20.00 deposit: $10.00 issue cost + $20.00 + 1.5 % fee ($0.30) = $30.30.
    const cardId = await issueCard(page, lang, 'prd_visa_virtual_usd', lang === 'en' ? '20' : '20,00', shot);
    const statuses = await watchStatuses(page, 'active');
    expectLifecycle(statuses, ['pending', 'processing', 'active']);
    await visible(page.getByText(money('20.00')));
    await shotOf(page, `${shot}-active`);
    const wallet = await api(baseUrl, 'GET', '/api/wallet', undefined, user.accessToken);
    expect(wallet.balances[0].available).toEqual({ amount: user.credited - 3_030, currency: 'USD' });

    // ── Top up $15.00: fee 1.5 % = $0.23 (rounded up), charged $15.23.
    await page.getByRole('button', { name: c.actions.topUp }).click();
    const sheet = page.getByRole('dialog', { name: c.topUp.title });
    await visible(sheet);
    await sheet.getByRole('textbox').fill(lang === 'en' ? '15' : '15,00');
    await visible(sheet.getByText(c.topUp.preview.replace('{{total}}', money('15.23'))));
    await shotOf(page, `${shot}-topup-amount`);
    await sheet.getByRole('button', { name: c.topUp.continue }).click();
    await visible(sheet.getByText(c.topUp.youWillBeCharged));
    await shotOf(page, `${shot}-topup-confirm`);
    await sheet.getByRole('button', { name: c.topUp.confirm, exact: true }).click();
    await visible(page.getByText(c.topUp.accepted));
    await visible(page.getByText(money('35.00')), 20_000);
    await shotOf(page, `${shot}-topped-up`);

    // ── Freeze, then unfreeze: the in-between statuses show, then settle.
    await page.getByRole('button', { name: c.actions.freeze }).click();
    expect(await watchStatuses(page, 'frozen', { after: 'active' })).toEqual(['freezing', 'frozen']);
    await visible(page.getByRole('button', { name: c.actions.unfreeze }));
    await shotOf(page, `${shot}-frozen`);
    await page.getByRole('button', { name: c.actions.unfreeze }).click();
    expect(await watchStatuses(page, 'active', { after: 'frozen' })).toEqual(['unfreezing', 'active']);
    await visible(page.getByRole('button', { name: c.actions.freeze }));

    // ── Reveal: confirmed with Telegram's popup (6.7) or biometry (8.0); the mock asks with window.confirm.
    // Number, expiry, CVV appear with a countdown.
    const dialogs = answerDialogs(page, { confirm: true });
    await page.getByRole('button', { name: c.reveal.show }).click();
    const panel = page.getByTestId('reveal-panel');
    await visible(panel);
    if (lang === 'en') expect(dialogs.seen).toEqual([expect.stringContaining(c.reveal.confirmTitle)]);
    else expect(dialogs.seen.some((line) => line.includes(c.reveal.biometryReason))).toBe(true);
    const number = ((await panel.locator('[data-field="number"]').textContent()) ?? '').replace(/\s/g, '');
    expect(number).toMatch(/^4\d{15}$/);
    expect(number.slice(-4)).toBe((await api(baseUrl, 'GET', `/api/cards/${cardId}`, undefined, user.accessToken)).last4);
    expect(await panel.locator('[data-field="expiry"]').textContent()).toMatch(/^\d{2}\/\d{2}$/);
    expect(await panel.locator('[data-field="cvv"]').textContent()).toMatch(/^\d{3}$/);
    await visible(panel.getByRole('timer'));
    await shotOf(page, `${shot}-revealed`);

    // Copy the number: toast + clipboard without spaces.
    await panel.getByRole('button', { name: c.reveal.copyField.replace('{{field}}', c.reveal.field.number) }).click();
    await visible(page.getByText(c.reveal.copied.replace('{{field}}', c.reveal.field.number)));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);
    // Nothing of it in storage.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(number);

    if (lang === 'en') {
      // It hides by itself when the countdown ends (30 s), not before.
      await page.clock.runFor(25_000);
      await visible(panel);
      await page.clock.runFor(6_000);
      await hidden(panel, 3_000);
    } else {
      // It hides at once when the app goes to the background.
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      await hidden(panel, 3_000);
    }
    expect(await page.content()).not.toContain(number.slice(0, 4) + ' ' + number.slice(4, 8));
    await shotOf(page, `${shot}-hidden`);
    dialogs.off();

    // ── The sandbox simulates a purchase; reopening the card shows it in purchases and transactions.
    await api(baseUrl, 'POST', `/api/dev/cards/${cardId}/purchase`, { amount: 1_234, merchant: 'COFFEE HOUSE', mcc: '5814', country: 'DE', originalAmount: { amount: 1_150, currency: 'EUR' } });
    await page.reload();
    await visible(page.getByText(money('22.66')));
    await visible(page.getByText('COFFEE HOUSE'));
    await page.getByRole('radio', { name: c.history.trades }).click();
    await visible(page.getByText(c.trade.kind.purchase));
    await shotOf(page, `${shot}-purchases`);

    // ── The list shows the card with its badge, balance and masked number.
    await page.goto(`${baseUrl}/cards`);
    const row = page.locator(`a[data-card-id="${cardId}"]`);
    await visible(row);
    await visible(row.getByText(c.status.active));
    await visible(row.getByText(money('22.66')));
    await visible(row.getByText(`•••• ${number.slice(-4)}`));
    await shotOf(page, `${shot}-list`);
  };
}

function physicalCardFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const c = T[lang].cards;
    const shot = `cards-${lang}-physical`;
    const user = await newUser(baseUrl, { usdt: 1000, lang });
    await slowIssuer(baseUrl);
    await openSignedIn(page, baseUrl, user, '/cards', lang);
    await visible(page.getByText(c.list.emptyTitle));

    // Visa Platinum: physical, $50.00 minimal deposit.
    const cardId = await issueCard(page, lang, 'prd_visa_physical_usd', lang === 'en' ? '50' : '50', '');
    await shotOf(page, `${shot}-pending`);
    const statuses = await watchStatuses(page, 'inactive', { timeout: 60_000 });
    expectLifecycle(statuses, ['pending', 'processing', 'fabricating', 'inactive']);
    // The sandbox issuer ships the card as it leaves fabrication: the hint names the shipment's stage.
    await visible(page.getByText(c.statusHint.inactiveShipment.shipped));
    await shotOf(page, `${shot}-inactive`);

    const { activationCode } = await api(baseUrl, 'GET', `/api/dev/cards/${cardId}/activation-code`, undefined, user.accessToken);
    await page.getByRole('button', { name: c.actions.activate }).click();
    const sheet = page.getByRole('dialog', { name: c.activate.title });
    await visible(sheet);

    // A wrong code is refused next to the input, saying how many tries are left ("Wrong code. 4 tries left").
    const wrong = activationCode === '000000' ? '111111' : '000000';
    await sheet.getByRole('textbox').first().click();
    await page.keyboard.type(wrong);
    const triesLeft = Object.entries(c.activate.problem as Record<string, string>)
      .filter(([key]) => key.startsWith('wrongTries_'))
      .map(([, text]) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{count\\}\\}', '\\d+'));
    await visible(sheet.getByText(new RegExp(`^(?:${triesLeft.join('|')})$`)));
    await shotOf(page, `${shot}-wrong-code`);

    if (lang === 'en') {
      // Typed: six boxes; the last digit submits.
      await sheet.getByRole('textbox').first().click();
      await page.keyboard.type(activationCode);
    } else {
      // Scanned with Telegram's QR scanner (6.4+; the mock asks with window.prompt).
      const dialogs = answerDialogs(page, { prompt: () => `https://issuer.example/activate?code=${activationCode}` });
      await sheet.getByRole('button', { name: c.activate.scan }).click();
      await expect.poll(() => dialogs.seen.length, { timeout: 5_000 }).toBeGreaterThan(0);
      dialogs.off();
    }
    const activation = await watchStatuses(page, 'active', { timeout: 30_000, after: 'inactive' });
    expect(activation).toEqual(['activating', 'active']);
    await hidden(sheet, 5_000);
    await shotOf(page, `${shot}-active`);

    await page.goto(`${baseUrl}/cards`);
    await visible(page.locator(`a[data-card-id="${cardId}"]`).getByText(c.status.active));
    await shotOf(page, `${shot}-list`);
    // The card screen on Telegram's dark theme.
    await page.goto(`${baseUrl}/cards/${cardId}?tgMockTheme=dark`);
    await visible(page.getByText(c.status.active));
    await shotOf(page, `${shot}-dark`);
  };
}

/**
 * CARDS_E2E_STATIC_DIR: serve a build from elsewhere (`vite build --outDir <dir>`), for runs while someone
 * else rebuilds dist/ (a rebuild mid-run swaps the hashed assets away under the page). Unset = dist/.
 */
const staticDir = process.env.CARDS_E2E_STATIC_DIR ? { staticDir: resolve(process.env.CARDS_E2E_STATIC_DIR) } : {};

/** Refusals: a user under verification, a product that does not exist, the issue screen without a product. */
function refusalsFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const c = T[lang].cards;
    const e = T[lang].errors;
    const user = await newUser(baseUrl, { verified: false, lang });
    // Explicitly (this also cancels the sandbox's automatic verification after VERIFICATION_DELAY_SECONDS).
    await api(baseUrl, 'POST', '/api/dev/users/verification', { email: user.email, status: 'under_verification' });
    await openSignedIn(page, baseUrl, user, '/card-issue/detail/prd_visa_virtual_usd', lang);
    await visible(page.getByText(c.issue.underVerificationTitle));
    await visible(page.getByText(c.issue.underVerificationText));
    expect(await page.getByRole('button', { name: c.issue.submit }).isDisabled()).toBe(true);
    await shotOf(page, `cards-${lang}-under-verification`);

    await page.goto(`${baseUrl}/card-issue/detail/prd_does_not_exist`);
    await visible(page.getByText(e.cards.productNotFound));
    await visible(page.getByText(e.cards.productNotFoundDescription));
    await shotOf(page, `cards-${lang}-product-not-found`);
    // A product listed as unavailable is "not found" too.
    await page.goto(`${baseUrl}/card-issue/detail/prd_unionpay_physical_usd`);
    await visible(page.getByText(e.cards.productNotFound));

    await page.goto(`${baseUrl}/card-issue/detail`);
    await visible(page.getByText(c.catalog.selectProduct));
    await page.getByRole('link', { name: c.catalog.toCatalog }).click();
    await visible(page.getByRole('heading', { level: 1, name: c.catalog.title }));

    await page.goto(`${baseUrl}/cards/crd_nope`);
    await visible(page.getByText(c.detail.notFoundTitle));
    await shotOf(page, `cards-${lang}-card-not-found`);
  };
}

describe('Cards in English', () => {
  test.override({ appOptions: { ...staticDir } });
  // Waits out the 30 s reveal countdown.
  test('virtual card: issue, statuses, top-up, freeze/unfreeze, reveal and auto-hide, purchases', virtualCardFlow('en'), 180_000);
  test('physical card: fabricating → inactive, activation with the typed code', physicalCardFlow('en'));
  test('refusals: under verification, product not found, no product chosen, unknown card', refusalsFlow('en'));
});

describe('Cards in Russian', () => {
  test.override({ appOptions: { locale: 'ru-RU', ...staticDir } });
  test('virtual card: issue, statuses, top-up, freeze/unfreeze, reveal hidden in the background, purchases', virtualCardFlow('ru'));
  test('physical card: activation with the scanned QR code', physicalCardFlow('ru'));
  test('refusals: under verification, product not found, no product chosen, unknown card', refusalsFlow('ru'));
});
