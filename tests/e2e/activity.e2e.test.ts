/**
 * Issue #35 in the browser, English and Russian:
 * - the activity centre: a user with no Telegram account linked gets a top-up; Settings' "Activity" row shows an unread
 *   badge, the list says it in the bot's words marked "New", and once seen the badge is gone;
 * - the bot blocked: Telegram answered the bot 403 (the sandbox chat blocks it); Settings says so and, on the 8.0 mock,
 *   "Allow the bot to write" asks Telegram (requestWriteAccess, recorded) and clears it at the server;
 * - the referral shared as the bot's prepared message (shareMessage on the 8.0 mock, recorded with the id the sandbox
 *   bot saved);
 * - "Add to home screen" offered on the success page of a top-up (8.0 mock), gone once added; not offered on 6.7.
 * Screenshots: test-results/e2e/activity-*-{en,ru}.png.
 */
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { BOT_TOKEN, linkedUser } from './support/bot-outbox';
import { api, fundUsdt, hidden, openSignedIn, saveScreenshot, sandboxTokenHeaders, setVerification, signUpViaApi, test, visible, appTexts, walletTexts } from './support';

const LANGS = [
  { lang: 'en', locale: 'en-US', n: { ...appTexts('en', 'activity-page'), ...appTexts('en', 'activity') }, bot: appTexts('en', 'notification-settings'), settings: appTexts('en', 'settings'), referral: appTexts('en', 'share-referral'), w: walletTexts('en'), credited: /^Top-up credited: \$20\.\d\d \(USDT\)\.$/ },
  { lang: 'ru', locale: 'ru-RU', n: { ...appTexts('ru', 'activity-page'), ...appTexts('ru', 'activity') }, bot: appTexts('ru', 'notification-settings'), settings: appTexts('ru', 'settings'), referral: appTexts('ru', 'share-referral'), w: walletTexts('ru'), credited: /^Пополнение зачислено: 20,\d\d\u00a0\$ \(USDT\)\.$/ },
] as const;

const mockCalls = (page: Page, method: string) =>
  page.evaluate((name) => (window.__tgMockCalls ?? []).filter((call) => call.method === name).map((call) => call.params), method);

describe.each(LANGS)('issue #35 in the app ($lang)', (l) => {
  test.override({ appOptions: { locale: l.locale, env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } } });

  test('the activity centre: a user without Telegram sees the top-up with an unread badge, then read', async ({ app: { page, baseUrl } }) => {
    const user = await signUpViaApi(baseUrl, `activity-${l.lang}`, { firstName: 'Anna', lastName: 'Smith' });
    await fundUsdt(baseUrl, user.accessToken, 20);
    await openSignedIn(page, baseUrl, user, '/settings', l.lang);
    const row = page.getByRole('link', { name: new RegExp(`^${l.settings.account.activity}`) });
    await visible(row);
    await expect.poll(() => page.getByTestId('activity-unread').textContent()).toBe('1');
    await saveScreenshot(page, `activity-settings-${l.lang}`);

    await row.click();
    await visible(page.getByRole('heading', { name: l.n.title }));
    const entry = page.getByRole('list', { name: l.n.title }).getByRole('listitem').first();
    await visible(entry);
    expect(await entry.textContent()).toContain(l.n.unread);
    const sentence = await entry.locator('span').filter({ hasText: /USDT/ }).last().textContent();
    expect(sentence).toMatch(l.credited);
    await saveScreenshot(page, `activity-list-${l.lang}`);
    await expect.poll(async () => (await api(baseUrl, 'GET', '/api/activity/unread', undefined, user.accessToken)).unread).toBe(0);

    await page.goBack();
    await visible(row);
    await hidden(page.getByTestId('activity-unread'));
  });

  test("the bot blocked: Settings says so; on 8.0 'Allow the bot to write' asks Telegram and clears it", async ({ app: { page, baseUrl } }) => {
    const user = await linkedUser(baseUrl);
    const blocked = await fetch(`${baseUrl}/api/dev/bot-chats/blocked`, {
      method: 'POST',
      headers: { ...sandboxTokenHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ chatId: user.chatId, blocked: true }),
    });
    expect(blocked.status).toBe(200);
    await fundUsdt(baseUrl, user.accessToken, 20);
    await expect
      .poll(async () => (await api(baseUrl, 'GET', '/api/notifications/settings', undefined, user.accessToken)).botBlocked, { timeout: 15_000 })
      .toBe(true);

    await openSignedIn(page, baseUrl, user, '/settings?tgMockVersion=8.0', l.lang);
    const notice = page.getByTestId('bot-access');
    await visible(notice);
    expect(await notice.textContent()).toContain(l.bot.botBlocked);
    await notice.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `activity-bot-blocked-${l.lang}`);

    page.on('dialog', (dialog) => void dialog.accept()); // the mock asks "Allow the bot to send you messages?" with confirm()
    await notice.getByRole('button', { name: l.bot.allowBot }).click();
    await hidden(notice);
    expect(await mockCalls(page, 'web_app_request_write_access')).toHaveLength(1);
    expect((await api(baseUrl, 'GET', '/api/notifications/settings', undefined, user.accessToken)).botBlocked).toBe(false);
  });

  test("the referral goes as the bot's prepared message through Telegram's shareMessage (8.0)", async ({ app: { page, baseUrl } }) => {
    const user = await linkedUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/referral?tgMockVersion=8.0', l.lang);
    const share = page.getByRole('button', { name: l.referral.action, exact: true });
    await visible(share);
    await share.click();
    await expect.poll(() => mockCalls(page, 'web_app_send_prepared_message')).toHaveLength(1);
    const [call] = (await mockCalls(page, 'web_app_send_prepared_message')) as Array<{ id: string }>;
    const saved = await fetch(`${baseUrl}/api/dev/bot-prepared-messages?userId=${user.chatId}`, { headers: sandboxTokenHeaders });
    const { messages } = ((await saved.json()) as { data: { messages: Array<{ id: string; text: string; button: { url: string } }> } }).data;
    expect(messages[0]).toMatchObject({ id: call!.id, text: expect.stringContaining(await page.getByTestId('promo-code').textContent() ?? '') });
    expect(messages[0]!.button.url).toMatch(/startapp=ref_/);
  });

  test('"Add to home screen" after a successful top-up: offered on 8.0, gone once added; never on 6.7', async ({ app: { page, baseUrl } }) => {
    const user = await signUpViaApi(baseUrl, `home-screen-${l.lang}`, { firstName: 'Anna', lastName: 'Smith' });
    await setVerification(baseUrl, user.email, 'verified');
    const payment = await api(baseUrl, 'POST', '/api/wallet/sbp', { amount: 1_000_00 }, user.accessToken, { 'idempotency-key': randomUUID() });
    expect((await api(baseUrl, 'POST', `/api/dev/sbp/invoices/${payment.invoiceId}/pay`)).status).toBe('paid');
    const add = page.getByRole('button', { name: l.w.payment.homeScreen.add });

    await openSignedIn(page, baseUrl, user, `/payment-success?paymentId=${payment.paymentId}`, l.lang);
    await visible(page.getByRole('heading', { level: 1, name: l.w.payment.successTitle }), 20_000);
    expect(await add.count()).toBe(0);

    page.on('dialog', (dialog) => void dialog.accept()); // the mock asks "Add the app to the home screen?" with confirm()
    await page.goto(`${baseUrl}/payment-success?paymentId=${payment.paymentId}&tgMockVersion=8.0`);
    await visible(add, 20_000);
    await saveScreenshot(page, `activity-home-screen-${l.lang}`);
    await add.click();
    await hidden(add);
    expect(await mockCalls(page, 'web_app_add_to_home_screen')).toHaveLength(1);
  });
});
