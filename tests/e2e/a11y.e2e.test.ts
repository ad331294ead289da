/**
 * Accessibility (GitHub issue #7): axe-core on every screen of the route table and the sheets a user opens, in
 * English and Russian, light and dark themes: no serious or critical violations (WCAG 2.0/2.1 A + AA and axe's
 * best practices). One server and one user per language/theme; the page is reused from screen to screen.
 * A failure lists every violation of every screen (rule, help, elements). Screenshots: test-results/e2e/a11y-*.png.
 *
 * A11Y_E2E_STATIC_DIR=<dir>: serve another build than dist/ (`npx vite build --outDir <dir>`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Dialog, Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  api,
  axeViolations,
  formatViolations,
  fundUsdt,
  hidden,
  issueCardViaApi,
  openSignedIn,
  ROOT,
  saveScreenshot,
  setVerification,
  signUpViaApi,
  test,
  visible,
  type ApiUser,
} from './support';

type Lang = 'en' | 'ru';
type Theme = 'light' | 'dark';
type Json = Record<string, any>;

const NAMESPACES = ['welcome', 'auth', 'wallet', 'cards', 'settings', 'faq', 'profile', 'referral', 'common'] as const;
const texts = (lang: Lang) =>
  Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'))])) as Record<
    (typeof NAMESPACES)[number],
    Json
  >;

/** The page background each theme must give (platform.css / the mock's Telegram palette). */
const BACKGROUND: Record<Theme, string> = { light: 'rgb(255, 255, 255)', dark: 'rgb(23, 33, 43)' };

const staticDir = process.env.A11Y_E2E_STATIC_DIR ? { staticDir: resolve(process.env.A11Y_E2E_STATIC_DIR) } : {};

/** A verified user with USDT credited, an active virtual card (with a purchase) and a physical card awaiting activation. */
async function prepareUser(baseUrl: string, lang: Lang) {
  const user = await signUpViaApi(baseUrl, `a11y-${lang}`, lang === 'ru' ? { firstName: 'Иван', lastName: 'Петров' } : { firstName: 'Anna', lastName: 'Smith' });
  await setVerification(baseUrl, user.email, 'verified');
  await fundUsdt(baseUrl, user.accessToken, 500);
  await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 });
  const virtualCard = await issueCardViaApi(baseUrl, user.accessToken);
  const physicalCard = await issueCardViaApi(baseUrl, user.accessToken, { productId: 'prd_visa_physical_usd', initialDeposit: 5000, status: 'inactive' });
  await api(baseUrl, 'POST', `/api/dev/cards/${virtualCard}/purchase`, { amount: 500, merchant: 'COFFEE HOUSE', mcc: '5814', country: 'DE' });
  return { user, virtualCard, physicalCard };
}

/** An SBP payment decided by the sandbox acquirer ('pay' → succeeded, 'decline' → failed); returns its id. */
async function sbpPayment(baseUrl: string, user: ApiUser, action: 'pay' | 'decline'): Promise<string> {
  const payment = await api(baseUrl, 'POST', '/api/wallet/sbp', { amount: 1_000_00 }, user.accessToken, { 'idempotency-key': randomUUID() });
  await api(baseUrl, 'POST', `/api/dev/sbp/invoices/${payment.invoiceId}/${action}`);
  const final = action === 'pay' ? 'succeeded' : 'failed';
  await expect.poll(async () => (await api(baseUrl, 'GET', `/api/wallet/sbp/${payment.paymentId}`, undefined, user.accessToken)).status, { timeout: 15_000 }).toBe(final);
  return payment.paymentId as string;
}

/** Answers the Telegram mock's popups (window.confirm) with OK, e.g. "Show card details?". */
function acceptDialogs(page: Page) {
  const handler = (dialog: Dialog) => void dialog.accept();
  page.on('dialog', handler);
  return () => page.off('dialog', handler);
}

function a11yRun(lang: Lang, theme: Theme) {
  return async ({ app: { page, baseUrl } }: { app: { page: Page; baseUrl: string } }) => {
    const T = texts(lang);
    const failures: string[] = [];
    const checked: string[] = [];
    const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
    const dialog = (name: string) => page.getByRole('dialog', { name });
    /** Closes a sheet with its close button, as a user taps it. */
    const closeSheet = async (sheet: Locator) => {
      await sheet.getByRole('button', { name: T.common.actions.close }).click();
      await hidden(sheet);
    };

    /** Waits for the screen's real content (not the skeleton), then runs axe on the whole document. */
    const check = async (name: string, ready: Locator) => {
      await visible(ready);
      await hidden(page.getByTestId('screen-skeleton'));
      checked.push(name);
      const found = await axeViolations(page);
      if (found.length > 0) failures.push(formatViolations(`${lang}/${theme} ${name} (${new URL(page.url()).pathname})`, found));
    };
    const go = (path: string) => page.goto(`${baseUrl}${path}`);

    try {
      const { user, virtualCard, physicalCard } = await prepareUser(baseUrl, lang);

      // ── Signed out. The first URL sets the Telegram mock's theme (kept for the session).
      await go(theme === 'dark' ? '/?tgMockTheme=dark' : '/');
      await check('welcome', page.getByRole('link', { name: T.welcome.createAccount }));
      expect(await page.evaluate(() => [document.documentElement.dataset.tgTheme, document.documentElement.lang])).toEqual([theme, lang]);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(BACKGROUND[theme]);
      await saveScreenshot(page, `a11y-${lang}-${theme}-welcome`);

      await go('/signup');
      await check('sign-up', heading(T.auth.signUp.title));
      await go('/signin');
      await check('sign-in', heading(T.auth.signIn.title));
      await page.getByRole('textbox', { name: T.auth.fields.email }).fill(user.email);
      await page.getByRole('button', { name: T.auth.signIn.submit }).click();
      await check('sign-in: email code step', page.getByText(T.auth.code.sentTo));
      await go('/verification');
      await check('verification (signed out)', page.getByText(T.auth.verification.signedOut));

      // ── Signed in.
      await openSignedIn(page, baseUrl, user, '/wallet');
      const history = page.getByTestId('transaction-history');
      await check('wallet', history.getByRole('listitem').first());
      await saveScreenshot(page, `a11y-${lang}-${theme}-wallet`);

      await page.getByRole('button', { name: T.wallet.actions.usdt }).click();
      await check('wallet: USDT top-up sheet (QR)', dialog(T.wallet.usdt.title).getByTestId('usdt-deposit-address'));
      await closeSheet(dialog(T.wallet.usdt.title));

      await page.getByRole('button', { name: T.wallet.actions.sbp }).click();
      await dialog(T.wallet.sbp.title).getByRole('textbox', { name: T.wallet.sbp.amountLabel }).fill('50');
      await check('wallet: SBP top-up sheet (with an error)', dialog(T.wallet.sbp.title).locator('[role="alert"]'));
      await closeSheet(dialog(T.wallet.sbp.title));

      await page.getByRole('button', { name: T.wallet.actions.exchange, exact: true }).click();
      const exchange = dialog(T.wallet.exchange.title);
      await exchange.getByRole('textbox', { name: T.wallet.exchange.youPay }).fill('10');
      await check('wallet: exchange sheet', exchange.getByTestId('exchange-receive'));
      await exchange.getByRole('button', { name: T.wallet.exchange.continue }).click();
      await check('wallet: exchange review', dialog(T.wallet.exchange.reviewTitle).getByTestId('exchange-summary'));
      // From the keyboard: "Continue" gave way to the review step and focus fell to <body>; Escape still closes it.
      await page.keyboard.press('Escape');
      await hidden(dialog(T.wallet.exchange.reviewTitle));

      const paid = await sbpPayment(baseUrl, user, 'pay');
      await go(`/payment-success?paymentId=${paid}`);
      await check('payment-success', page.getByTestId('redirect-countdown'));
      const declined = await sbpPayment(baseUrl, user, 'decline');
      await go(`/payment-failed?paymentId=${declined}&code=PAYMENT_DECLINED`);
      await check('payment-failed', page.getByTestId('payment-details').getByText(T.wallet.payment.status.failed));

      // ── Cards.
      await go('/cards');
      await check('cards', page.locator(`a[data-card-id="${virtualCard}"]`));
      await saveScreenshot(page, `a11y-${lang}-${theme}-cards`);

      await go(`/cards/${virtualCard}`);
      await check('card-detail', page.getByText('COFFEE HOUSE'));
      await page.getByRole('radio', { name: T.cards.history.trades }).click();
      await check('card-detail: purchases tab', page.getByText(T.cards.trade.kind.purchase));

      await page.getByRole('button', { name: T.cards.actions.topUp }).click();
      const topUp = dialog(T.cards.topUp.title);
      await topUp.getByRole('textbox').fill('15');
      await check('card-detail: top-up sheet', topUp.getByRole('button', { name: T.cards.topUp.continue }));
      await topUp.getByRole('button', { name: T.cards.topUp.continue }).click();
      await check('card-detail: top-up confirmation', topUp.getByText(T.cards.topUp.youWillBeCharged));
      await closeSheet(topUp);

      const stopAccepting = acceptDialogs(page);
      await page.getByRole('button', { name: T.cards.reveal.show }).click();
      await check('card-detail: card data revealed', page.getByTestId('reveal-panel'));
      await saveScreenshot(page, `a11y-${lang}-${theme}-card-revealed`);
      stopAccepting();
      await page.getByRole('button', { name: T.cards.reveal.hide }).click();
      await hidden(page.getByTestId('reveal-panel'));

      await page.getByRole('button', { name: T.cards.actions.freeze }).click();
      await check('card-detail: frozen card', page.getByRole('button', { name: T.cards.actions.unfreeze }));

      await go(`/cards/${physicalCard}`);
      await page.getByRole('button', { name: T.cards.actions.activate }).click();
      await check('card-detail: activation sheet', dialog(T.cards.activate.title).getByRole('textbox').first());
      await closeSheet(dialog(T.cards.activate.title));

      await go('/card-issue');
      await check('card-issue', page.locator('input[name="product"]').first());
      await go('/card-issue/detail/prd_visa_virtual_usd');
      await check('card-issue-detail', page.getByText(T.cards.product.feesTitle));
      await page.getByRole('textbox', { name: new RegExp(T.cards.issue.depositLabel.replace('{{currency}}', '')) }).fill('20');
      await page.getByRole('button', { name: T.cards.issue.submit }).click();
      await check('card-issue-detail: confirmation sheet', dialog(T.cards.issue.confirmTitle).getByText(T.cards.issue.youWillBeCharged));
      await closeSheet(dialog(T.cards.issue.confirmTitle));

      // ── Settings, profile, referral, account status.
      await go('/settings');
      await check('settings', page.getByRole('radio', { name: 'English' }));
      await page.getByRole('button', { name: T.faq.usdt.q }).click();
      await check('settings: FAQ answer open', page.getByRole('region', { name: T.faq.usdt.q }));
      await saveScreenshot(page, `a11y-${lang}-${theme}-settings`);
      await go('/profile');
      await check('profile', page.getByText(user.email));
      await go('/referral');
      // Ready once the invite-link settings arrived (the share button is disabled until then).
      await check('referral', page.locator('button:enabled', { hasText: T.referral.share.copyLink }));
      await go('/verification');
      await check('verification (verified)', page.getByText(T.auth.verification.verifiedTitle));
    } catch (error) {
      // The journey broke off: still show what axe found up to there.
      if (error instanceof Error && failures.length > 0) error.message += `\n\naxe violations found before:\n${failures.join('\n\n')}`;
      throw error;
    }

    // The 14 routes (+ verification signed in, a frozen card), 8 sheet steps, the sign-in code step, revealed card
    // data, the purchases tab, an open FAQ answer.
    expect(checked).toHaveLength(28);
    expect(failures.length, `\n${failures.join('\n\n')}\n`).toBe(0);
  };
}

describe('Accessibility (axe-core): every screen and sheet, no serious or critical violations', () => {
  for (const lang of ['en', 'ru'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      describe(`${lang === 'en' ? 'English' : 'Russian'}, ${theme} theme`, () => {
        test.override({ appOptions: { locale: lang === 'en' ? 'en-US' : 'ru-RU', colorScheme: theme, ...staticDir } });
        test(`${lang} ${theme}`, a11yRun(lang, theme), 120_000);
      });
    }
  }
});
