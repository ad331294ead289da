/**
 * One walk through every screen of the route table and the main sheets, shared by the e2e tests that check each
 * screen for something (tests/e2e/a11y.e2e.test.ts: axe; tests/e2e/narrow-screens.e2e.test.ts: overflow at 320 px).
 *
 * `screenTour` prepares a user through the API (a verified user with USDT credited, an active virtual card with a
 * purchase, a physical card awaiting activation), then visits the screens in order. On each it waits for the
 * screen's real content (`ready`, not the skeleton) and calls the test's `check(name, ready)`. The hooks run what
 * only one test does (its own assertions, screenshots). It returns the names checked, in order; `checkedTour` runs
 * it for a test that collects failures and expects none.
 */
import { randomUUID } from 'node:crypto';
import type { Dialog, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, fundUsdt, hidden, issueCardViaApi, openSignedIn, setVerification, signUpViaApi, visible, type ApiUser } from './api';
import { appTexts, authTexts, cardTexts, walletTexts } from './texts';

export type TourLang = 'en' | 'ru';
type Json = Record<string, any>;

const NAMESPACES = ['welcome', 'wallet', 'settings', 'common'] as const;
const texts = (lang: TourLang) => ({
  ...(Object.fromEntries(NAMESPACES.map((ns) => [ns, appTexts(lang, ns)])) as Record<(typeof NAMESPACES)[number], Json>),
  /** The signed-out screens' and a user's words (support/texts.ts). */
  auth: authTexts(lang),
  /** The wallet's sheets and payment pages (support/texts.ts). */
  sheets: walletTexts(lang),
  /** The card screens' words (their slices' and the shared `transactions`, support/texts.ts). */
  cards: cardTexts(lang),
  /** The referral screen's share button (its slice's words). */
  shareReferral: appTexts(lang, 'share-referral'),
  /** The activity centre's words and an entry's (their slices'). */
  activity: { ...appTexts(lang, 'activity-page'), ...appTexts(lang, 'activity') },
});

/** Who walks the tour and what they own (amounts in minor units unless said otherwise). */
interface TourUser {
  /** The label of the unique e-mail address. */
  label: string;
  firstName: string;
  lastName: string;
  /** Whole USDT credited to the wallet. */
  usdt: number;
  /** The virtual card's initial deposit (issueCardViaApi's default when left out). */
  virtualCardDeposit?: number;
  /** One purchase on the virtual card; the card detail screen is ready once its merchant shows. */
  purchase: { amount: number; merchant: string };
}

interface ScreenTourOptions {
  page: Page;
  baseUrl: string;
  lang: TourLang;
  user: TourUser;
  /** The SBP payments shown on payment-success and payment-failed (minor units). */
  sbpAmount: number;
  /** What the user types: the exchange sheet's "you pay" and the card top-up amount. */
  exchangeInput: string;
  cardTopUpInput: string;
  /** Runs on every screen and sheet once `ready` is visible and the screen skeleton is gone. */
  check: (name: string, ready: Locator) => Promise<void>;
  /** Opens the welcome screen signed out (the first URL, what to store before it). `go` opens a path of the app. */
  openWelcome: (go: (path: string) => Promise<unknown>) => Promise<void>;
  /** Stores the language with the session tokens when signing in (openSignedIn's `lang`). */
  signInWithLanguage?: boolean;
  /** Also freezes the virtual card and checks the frozen card detail. */
  freezeCard?: boolean;
  afterWelcome?: () => Promise<unknown>;
  afterWallet?: () => Promise<unknown>;
  afterCards?: () => Promise<unknown>;
  /** While the card data is revealed. */
  afterReveal?: () => Promise<unknown>;
  /** On settings with the FAQ answer open. */
  afterFaq?: () => Promise<unknown>;
  /** What the test found so far: added to the error's message when the tour breaks off, under `failuresLabel`. */
  failures: string[];
  failuresLabel: string;
}

async function prepareUser(baseUrl: string, lang: TourLang, who: TourUser) {
  const user = await signUpViaApi(baseUrl, `${who.label}-${lang}`, { firstName: who.firstName, lastName: who.lastName });
  await setVerification(baseUrl, user.email, 'verified');
  await fundUsdt(baseUrl, user.accessToken, who.usdt);
  await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 });
  const virtualCard = await issueCardViaApi(baseUrl, user.accessToken, who.virtualCardDeposit === undefined ? undefined : { initialDeposit: who.virtualCardDeposit });
  const physicalCard = await issueCardViaApi(baseUrl, user.accessToken, { productId: 'prd_visa_physical_usd', initialDeposit: 5000, status: 'inactive' });
  await api(baseUrl, 'POST', `/api/dev/cards/${virtualCard}/purchase`, { amount: who.purchase.amount, merchant: who.purchase.merchant, mcc: '5814', country: 'DE' });
  return { user, virtualCard, physicalCard };
}

/** An SBP payment decided by the sandbox acquirer ('pay' → succeeded, 'decline' → failed); returns its id. */
async function sbpPayment(baseUrl: string, user: ApiUser, amount: number, action: 'pay' | 'decline'): Promise<string> {
  const payment = await api(baseUrl, 'POST', '/api/wallet/sbp', { amount }, user.accessToken, { 'idempotency-key': randomUUID() });
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

async function screenTour(options: ScreenTourOptions): Promise<string[]> {
  const { page, baseUrl, lang } = options;
  const T = texts(lang);
  const checked: string[] = [];
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  /** Closes a sheet with its close button, as a user taps it. */
  const closeSheet = async (sheet: Locator) => {
    await sheet.getByRole('button', { name: T.common.actions.close }).click();
    await hidden(sheet);
  };
  /** Waits for the screen's real content (not the skeleton), then hands over to the test's check. */
  const check = async (name: string, ready: Locator) => {
    await visible(ready);
    await hidden(page.getByTestId('screen-skeleton'));
    checked.push(name);
    await options.check(name, ready);
  };
  const go = (path: string) => page.goto(`${baseUrl}${path}`);

  try {
    const { user, virtualCard, physicalCard } = await prepareUser(baseUrl, lang, options.user);

    // ── Signed out.
    await options.openWelcome(go);
    await check('welcome', page.getByRole('link', { name: T.welcome.createAccount }));
    await options.afterWelcome?.();

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
    if (options.signInWithLanguage) await openSignedIn(page, baseUrl, user, '/wallet', lang);
    else await openSignedIn(page, baseUrl, user, '/wallet');
    await check('wallet', page.getByTestId('transaction-history').getByRole('listitem').first());
    await options.afterWallet?.();

    await page.getByRole('button', { name: T.wallet.actions.usdt }).click();
    await check('wallet: USDT top-up sheet (QR)', dialog(T.sheets.usdt.title).getByTestId('usdt-deposit-address'));
    await closeSheet(dialog(T.sheets.usdt.title));

    await page.getByRole('button', { name: T.wallet.actions.sbp }).click();
    await dialog(T.sheets.sbp.title).getByRole('textbox', { name: T.sheets.sbp.amountLabel }).fill('50');
    await check('wallet: SBP top-up sheet (with an error)', dialog(T.sheets.sbp.title).locator('[role="alert"]'));
    await closeSheet(dialog(T.sheets.sbp.title));

    await page.getByRole('button', { name: T.wallet.actions.exchange, exact: true }).click();
    const exchange = dialog(T.sheets.exchange.title);
    await exchange.getByRole('textbox', { name: T.sheets.exchange.youPay }).fill(options.exchangeInput);
    await check('wallet: exchange sheet', exchange.getByTestId('exchange-receive'));
    await exchange.getByRole('button', { name: T.sheets.exchange.continue }).click();
    await check('wallet: exchange review', dialog(T.sheets.exchange.reviewTitle).getByTestId('exchange-summary'));
    // From the keyboard: "Continue" gave way to the review step and focus fell to <body>; Escape still closes it.
    await page.keyboard.press('Escape');
    await hidden(dialog(T.sheets.exchange.reviewTitle));

    const paid = await sbpPayment(baseUrl, user, options.sbpAmount, 'pay');
    await go(`/payment-success?paymentId=${paid}`);
    await check('payment-success', page.getByTestId('redirect-countdown'));
    const declined = await sbpPayment(baseUrl, user, options.sbpAmount, 'decline');
    await go(`/payment-failed?paymentId=${declined}&code=PAYMENT_DECLINED`);
    await check('payment-failed', page.getByTestId('payment-details').getByText(T.sheets.payment.status.failed));

    // ── Cards.
    await go('/cards');
    await check('cards', page.locator(`a[data-card-id="${virtualCard}"]`));
    await options.afterCards?.();

    await go(`/cards/${virtualCard}`);
    await check('card-detail', page.getByText(options.user.purchase.merchant));
    await page.getByRole('radio', { name: T.cards.history.trades }).click();
    await check('card-detail: purchases tab', page.getByText(T.cards.trade.kind.purchase));

    await page.getByRole('button', { name: T.cards.actions.topUp }).click();
    const topUp = dialog(T.cards.topUp.title);
    await topUp.getByRole('textbox').fill(options.cardTopUpInput);
    await check('card-detail: top-up sheet', topUp.getByRole('button', { name: T.cards.topUp.continue }));
    await topUp.getByRole('button', { name: T.cards.topUp.continue }).click();
    await check('card-detail: top-up confirmation', topUp.getByText(T.cards.topUp.youWillBeCharged));
    await closeSheet(topUp);

    const stopAccepting = acceptDialogs(page);
    await page.getByRole('button', { name: T.cards.reveal.show }).click();
    await check('card-detail: card data revealed', page.getByTestId('reveal-panel'));
    await options.afterReveal?.();
    stopAccepting();
    await page.getByRole('button', { name: T.cards.reveal.hide }).click();
    await hidden(page.getByTestId('reveal-panel'));

    if (options.freezeCard) {
      await page.getByRole('button', { name: T.cards.actions.freeze }).click();
      await check('card-detail: frozen card', page.getByRole('button', { name: T.cards.actions.unfreeze }));
    }

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
    await page.getByRole('button', { name: T.settings.faq.usdt.q }).click();
    await check('settings: FAQ answer open', page.getByRole('region', { name: T.settings.faq.usdt.q }));
    await options.afterFaq?.();
    await go('/profile');
    await check('profile', page.getByText(user.email));
    await go('/referral');
    // Ready once the invite-link settings arrived (the share button is disabled until then).
    await check('referral', page.locator('button:enabled', { hasText: T.shareReferral.copyLink }));
    await go('/activity');
    await check('activity', page.getByRole('list', { name: T.activity.title }).getByText(T.activity.unread).first());
    await go('/verification');
    await check('verification (verified)', page.getByText(T.auth.verification.verifiedTitle));
  } catch (error) {
    // The journey broke off: still show what the checks found up to there.
    if (error instanceof Error && options.failures.length > 0) error.message += `\n\n${options.failuresLabel} found before:\n${options.failures.join('\n\n')}`;
    throw error;
  }
  return checked;
}

/** `screenTour` for a test that collects failures: `check` reports each with `fail`; `screens` is the count expected. */
export interface CheckedTourOptions extends Omit<ScreenTourOptions, 'check' | 'failures'> {
  check: (name: string, fail: (failure: string) => void, ready: Locator) => Promise<void>;
  screens: number;
}

/** Runs the tour, then expects `screens` screens checked and no failure reported (all of them in the message). */
export async function checkedTour({ check, screens, ...options }: CheckedTourOptions): Promise<void> {
  const failures: string[] = [];
  const fail = (failure: string) => void failures.push(failure);
  const checked = await screenTour({ ...options, failures, check: (name, ready) => check(name, fail, ready) });
  expect(checked).toHaveLength(screens);
  expect(failures.length, `\n${failures.join('\n\n')}\n`).toBe(0);
}
