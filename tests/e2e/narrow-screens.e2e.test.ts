/**
 * Nothing overflows at 320 px (the narrowest phones), in English and Russian: every route of the route table and
 * the main sheets. On each: the document does not scroll sideways (scrollingElement.scrollWidth <= clientWidth),
 * and no visible element with text of its own is wider inside than its box (scrollWidth > clientWidth: clipped by
 * overflow hidden / an ellipsis, or spilling over its neighbours), nor sticks out of the viewport (outside scroll
 * containers). A failure lists every element found on every screen. Screenshots: test-results/e2e/narrow-*.png.
 *
 * NARROW_E2E_STATIC_DIR=<dir>: serve another build than dist/.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Dialog, Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, fundUsdt, hidden, issueCardViaApi, openSignedIn, ROOT, saveScreenshot, setVerification, signUpViaApi, test, visible, type ApiUser } from './support';

type Lang = 'en' | 'ru';
type Json = Record<string, any>;

const NARROW = { width: 320, height: 640 };
const NAMESPACES = ['welcome', 'auth', 'wallet', 'cards', 'settings', 'faq', 'profile', 'referral', 'common'] as const;
const texts = (lang: Lang) =>
  Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'))])) as Record<
    (typeof NAMESPACES)[number],
    Json
  >;
const staticDir = process.env.NARROW_E2E_STATIC_DIR ? { staticDir: resolve(process.env.NARROW_E2E_STATIC_DIR) } : {};

/** What overflows on the current screen (empty when nothing does). Runs in the page. */
function findOverflow(): string[] {
  const problems: string[] = [];
  const root = document.scrollingElement!;
  if (root.scrollWidth > root.clientWidth) {
    // Name the innermost elements that reach past the right edge.
    const wide = [...document.body.querySelectorAll('*')].filter(
      (el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > root.clientWidth + 0.5),
    );
    const names = wide.slice(0, 3).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`).join(', ');
    problems.push(`the page scrolls sideways: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth} (${names})`);
  }
  const describe = (el: Element) => {
    const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    return `<${el.tagName.toLowerCase()}${classes}> "${text}"`;
  };
  const scrollsSideways = (el: Element | null): boolean => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      const { overflowX } = getComputedStyle(node);
      if (overflowX === 'auto' || overflowX === 'scroll') return true;
    }
    return false;
  };
  const clippingAncestor = (el: Element): Element | null => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const { overflowX } = getComputedStyle(node);
      if (overflowX !== 'visible') return node;
    }
    return null;
  };
  const viewportWidth = document.documentElement.clientWidth;
  for (const el of document.body.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || el.closest('[data-sonner-toaster]')) continue;
    const ownText = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (!ownText) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || style.display === 'contents') continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden text for screen readers
    if (style.position === 'absolute' && style.clip !== 'auto' && style.clip !== '') continue;
    if (!el.checkVisibility?.({ opacityProperty: false, visibilityProperty: true })) continue;
    const scrollable = style.overflowX === 'auto' || style.overflowX === 'scroll';
    if (!scrollable && style.display !== 'inline' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`text wider than its box (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
    }
    const clipper = clippingAncestor(el);
    const clipperStyle = clipper ? getComputedStyle(clipper) : null;
    if (clipper && clipperStyle && clipperStyle.overflowX !== 'auto' && clipperStyle.overflowX !== 'scroll') {
      const box = clipper.getBoundingClientRect();
      if (rect.right > box.right + 1 || rect.left < box.left - 1) {
        problems.push(`cut off by its container (${Math.round(rect.left)}..${Math.round(rect.right)} outside ${Math.round(box.left)}..${Math.round(box.right)}): ${describe(el)}`);
      }
    }
    if (!scrollsSideways(el) && (rect.right > viewportWidth + 1 || rect.left < -1)) {
      problems.push(`sticks out of the viewport (${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewportWidth}): ${describe(el)}`);
    }
  }
  return problems;
}

async function prepareUser(baseUrl: string, lang: Lang) {
  const user = await signUpViaApi(baseUrl, `narrow-${lang}`, lang === 'ru' ? { firstName: 'Константин', lastName: 'Константинопольский' } : { firstName: 'Maximilian', lastName: 'Featherstonehaugh' });
  await setVerification(baseUrl, user.email, 'verified');
  await fundUsdt(baseUrl, user.accessToken, 987_654);
  await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 });
  const virtualCard = await issueCardViaApi(baseUrl, user.accessToken, { initialDeposit: 9_876_54 });
  const physicalCard = await issueCardViaApi(baseUrl, user.accessToken, { productId: 'prd_visa_physical_usd', initialDeposit: 5000, status: 'inactive' });
  await api(baseUrl, 'POST', `/api/dev/cards/${virtualCard}/purchase`, { amount: 1_234_56, merchant: 'INTERNATIONAL COFFEE HOUSE AND BAKERY', mcc: '5814', country: 'DE' });
  return { user, virtualCard, physicalCard };
}

async function sbpPayment(baseUrl: string, user: ApiUser, action: 'pay' | 'decline'): Promise<string> {
  const payment = await api(baseUrl, 'POST', '/api/wallet/sbp', { amount: 99_999_00 }, user.accessToken, { 'idempotency-key': randomUUID() });
  await api(baseUrl, 'POST', `/api/dev/sbp/invoices/${payment.invoiceId}/${action}`);
  const final = action === 'pay' ? 'succeeded' : 'failed';
  await expect.poll(async () => (await api(baseUrl, 'GET', `/api/wallet/sbp/${payment.paymentId}`, undefined, user.accessToken)).status, { timeout: 15_000 }).toBe(final);
  return payment.paymentId as string;
}

function acceptDialogs(page: Page) {
  const handler = (dialog: Dialog) => void dialog.accept();
  page.on('dialog', handler);
  return () => page.off('dialog', handler);
}

function narrowRun(lang: Lang) {
  return async ({ app: { page, baseUrl } }: { app: { page: Page; baseUrl: string } }) => {
    const T = texts(lang);
    const failures: string[] = [];
    const checked: string[] = [];
    const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
    const dialog = (name: string) => page.getByRole('dialog', { name });
    const closeSheet = async (sheet: Locator) => {
      await sheet.getByRole('button', { name: T.common.actions.close }).click();
      await hidden(sheet);
    };
    const check = async (name: string, ready: Locator) => {
      await visible(ready);
      await hidden(page.getByTestId('screen-skeleton'));
      // Let sheets finish rising and fonts settle (finite animations only).
      await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
      checked.push(name);
      const found = await page.evaluate(findOverflow);
      if (found.length > 0) {
        failures.push(`${lang} ${name} (${new URL(page.url()).pathname}):\n  ${found.join('\n  ')}`);
        await saveScreenshot(page, `narrow-${lang}-${name.replace(/[^a-z0-9]+/gi, '-')}`);
      }
    };
    const go = (path: string) => page.goto(`${baseUrl}${path}`);

    await page.setViewportSize(NARROW);
    try {
      const { user, virtualCard, physicalCard } = await prepareUser(baseUrl, lang);
      await go('/');
      await page.evaluate((lng) => localStorage.setItem('tgwallet.language', lng), lang);
      await go('/');
      await check('welcome', page.getByRole('link', { name: T.welcome.createAccount }));
      await go('/signup');
      await check('sign-up', heading(T.auth.signUp.title));
      await go('/signin');
      await check('sign-in', heading(T.auth.signIn.title));
      await page.getByRole('textbox', { name: T.auth.fields.email }).fill(user.email);
      await page.getByRole('button', { name: T.auth.signIn.submit }).click();
      await check('sign-in code step', page.getByText(T.auth.code.sentTo));
      await go('/verification');
      await check('verification signed out', page.getByText(T.auth.verification.signedOut));

      await openSignedIn(page, baseUrl, user, '/wallet', lang);
      await check('wallet', page.getByTestId('transaction-history').getByRole('listitem').first());
      await page.getByRole('button', { name: T.wallet.actions.usdt }).click();
      await check('wallet usdt sheet', dialog(T.wallet.usdt.title).getByTestId('usdt-deposit-address'));
      await closeSheet(dialog(T.wallet.usdt.title));
      await page.getByRole('button', { name: T.wallet.actions.sbp }).click();
      await dialog(T.wallet.sbp.title).getByRole('textbox', { name: T.wallet.sbp.amountLabel }).fill('50');
      await check('wallet sbp sheet', dialog(T.wallet.sbp.title).locator('[role="alert"]'));
      await closeSheet(dialog(T.wallet.sbp.title));
      await page.getByRole('button', { name: T.wallet.actions.exchange, exact: true }).click();
      const exchange = dialog(T.wallet.exchange.title);
      await exchange.getByRole('textbox', { name: T.wallet.exchange.youPay }).fill('98765.43');
      await check('wallet exchange sheet', exchange.getByTestId('exchange-receive'));
      await exchange.getByRole('button', { name: T.wallet.exchange.continue }).click();
      await check('wallet exchange review', dialog(T.wallet.exchange.reviewTitle).getByTestId('exchange-summary'));
      await page.keyboard.press('Escape');
      await hidden(dialog(T.wallet.exchange.reviewTitle));

      const paid = await sbpPayment(baseUrl, user, 'pay');
      await go(`/payment-success?paymentId=${paid}`);
      await check('payment-success', page.getByTestId('redirect-countdown'));
      const declined = await sbpPayment(baseUrl, user, 'decline');
      await go(`/payment-failed?paymentId=${declined}&code=PAYMENT_DECLINED`);
      await check('payment-failed', page.getByTestId('payment-details').getByText(T.wallet.payment.status.failed));

      await go('/cards');
      await check('cards', page.locator(`a[data-card-id="${virtualCard}"]`));
      await go(`/cards/${virtualCard}`);
      await check('card-detail', page.getByText('INTERNATIONAL COFFEE HOUSE AND BAKERY'));
      await page.getByRole('radio', { name: T.cards.history.trades }).click();
      await check('card-detail purchases', page.getByText(T.cards.trade.kind.purchase));
      await page.getByRole('button', { name: T.cards.actions.topUp }).click();
      const topUp = dialog(T.cards.topUp.title);
      await topUp.getByRole('textbox').fill('1234.56');
      await check('card top-up sheet', topUp.getByRole('button', { name: T.cards.topUp.continue }));
      await topUp.getByRole('button', { name: T.cards.topUp.continue }).click();
      await check('card top-up confirmation', topUp.getByText(T.cards.topUp.youWillBeCharged));
      await closeSheet(topUp);
      const stopAccepting = acceptDialogs(page);
      await page.getByRole('button', { name: T.cards.reveal.show }).click();
      await check('card data revealed', page.getByTestId('reveal-panel'));
      await saveScreenshot(page, `narrow-${lang}-card-revealed`);
      stopAccepting();
      await page.getByRole('button', { name: T.cards.reveal.hide }).click();
      await hidden(page.getByTestId('reveal-panel'));
      await go(`/cards/${physicalCard}`);
      await page.getByRole('button', { name: T.cards.actions.activate }).click();
      await check('card activation sheet', dialog(T.cards.activate.title).getByRole('textbox').first());
      await closeSheet(dialog(T.cards.activate.title));

      await go('/card-issue');
      await check('card-issue', page.locator('input[name="product"]').first());
      await go('/card-issue/detail/prd_visa_virtual_usd');
      await check('card-issue-detail', page.getByText(T.cards.product.feesTitle));
      await page.getByRole('textbox', { name: new RegExp(T.cards.issue.depositLabel.replace('{{currency}}', '')) }).fill('20');
      await page.getByRole('button', { name: T.cards.issue.submit }).click();
      await check('card issue confirmation', dialog(T.cards.issue.confirmTitle).getByText(T.cards.issue.youWillBeCharged));
      await closeSheet(dialog(T.cards.issue.confirmTitle));

      await go('/settings');
      await check('settings', page.getByRole('radio', { name: 'English' }));
      await page.getByRole('button', { name: T.faq.usdt.q }).click();
      await check('settings faq open', page.getByRole('region', { name: T.faq.usdt.q }));
      await go('/profile');
      await check('profile', page.getByText(user.email));
      await go('/referral');
      await check('referral', page.locator('button:enabled', { hasText: T.referral.share.copyLink }));
      await go('/verification');
      await check('verification verified', page.getByText(T.auth.verification.verifiedTitle));
    } catch (error) {
      if (error instanceof Error && failures.length > 0) error.message += `\n\noverflow found before:\n${failures.join('\n\n')}`;
      throw error;
    }
    expect(checked).toHaveLength(27);
    expect(failures.length, `\n${failures.join('\n\n')}\n`).toBe(0);
  };
}

describe('Narrow screens (320 px): nothing overflows, every screen and sheet', () => {
  for (const lang of ['en', 'ru'] as const) {
    describe(lang === 'en' ? 'English' : 'Russian', () => {
      test.override({ appOptions: { locale: lang === 'en' ? 'en-US' : 'ru-RU', ...staticDir } });
      test(`${lang} at 320 px`, narrowRun(lang), 150_000);
    });
  }
});
