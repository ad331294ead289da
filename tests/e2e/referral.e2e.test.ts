/**
 * Referral programme end to end (GitHub issue #6), in Chromium against the real server:
 * A copies their promo code and invite link; B opens the invite link (the Mini App start parameter) and
 * signs up with the pre-filled code; B is verified (sandbox control), funded (USDT sandbox) and issues a card;
 * A sees B turn Active and the bonus in the wallet history. Screenshots: test-results/e2e/referral-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, fundUsdt, issueCardViaApi, openSignedIn, readMailboxCode, saveScreenshot, setVerification, signUpViaApi, test, uniqueEmail, visible, authTexts } from './support';

const ACCESS_KEY = 'tgwallet.accessToken';
/** The sign-up form's labels, from the auth screens' own English texts (so wording changes don't break this). */
const AUTH = authTexts('en');

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Verified (sandbox control), 100 USDT deposited with the user's tag (sandbox chain), one virtual USD card issued. */
const fundAndIssueCard = async (baseUrl: string, email: string, token: string) => {
  await setVerification(baseUrl, email, 'verified');
  await fundUsdt(baseUrl, token, 100);
  return issueCardViaApi(baseUrl, token);
};

describe('Referral program', () => {
  test('A copies the code and link; B signs up through the link; B’s first card makes B Active and pays A', async ({ app }) => {
    const { page, baseUrl, context } = app;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 }); // the sandbox issuer answers at once

    // ── A opens the referral programme from Settings.
    const alice = await signUpViaApi(baseUrl, 'referrer', { firstName: 'Alice', lastName: 'Walker' });
    await openSignedIn(page, baseUrl, alice, '/settings');
    await page.getByRole('link', { name: /Referral program/ }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Referral program' }));
    await visible(page.getByText('Invite friends, earn $5.00'));
    await visible(page.getByText('No referrals yet'));
    const code = ((await page.getByTestId('promo-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const me = await api(baseUrl, 'GET', '/api/users/me', undefined, alice.accessToken);
    expect(code).toBe(me.promoCode);

    // Copy the code: clipboard, toast, "Copied".
    await page.getByRole('button', { name: 'Copy code' }).click();
    await visible(page.getByText('Promo code copied'));
    expect(await clipboardText(page)).toBe(code);
    await visible(page.getByRole('button', { name: 'Copied' }));

    // Outside Telegram the invite link is copied (inside, Telegram's share sheet opens).
    await page.getByRole('button', { name: 'Copy invite link' }).click();
    await visible(page.getByText('Invite link copied. Send it to a friend!'));
    const link = await clipboardText(page);
    expect(link).toBe(`https://t.me/tonic_wallet_bot?startapp=ref_${code}`);
    await saveScreenshot(page, 'referral-en-a-before');

    // ── B opens the Mini App from the link: Telegram passes `startapp` as the start parameter.
    const startParam = new URL(link).searchParams.get('startapp')!;
    const bobPage = await app.newPage();
    await bobPage.goto(`${baseUrl}/signup?tgWebAppStartParam=${encodeURIComponent(startParam)}`);
    const promoField = bobPage.getByLabel(AUTH.fields.promoCode);
    await expect.poll(() => promoField.inputValue(), { timeout: 15_000 }).toBe(code);
    const bobEmail = uniqueEmail('bob');
    await bobPage.getByLabel(AUTH.fields.firstName).fill('Bob');
    await bobPage.getByLabel(AUTH.fields.lastName).fill('Brown');
    await bobPage.getByLabel(AUTH.fields.phoneNumber).fill('+79990001122');
    await bobPage.getByLabel(AUTH.fields.country).selectOption('RUS');
    await bobPage.getByLabel(AUTH.fields.email).fill(bobEmail);
    await saveScreenshot(bobPage, 'referral-en-b-signup-prefilled');
    await bobPage.getByRole('button', { name: AUTH.signUp.submit }).click();
    const emailCode = await readMailboxCode(baseUrl, bobEmail);
    await bobPage.getByRole('textbox', { name: /Digit 1 of/ }).fill(emailCode);
    await expect.poll(() => bobPage.evaluate((key) => localStorage.getItem(key), ACCESS_KEY), { timeout: 15_000 }).not.toBeNull();
    const bobToken = (await bobPage.evaluate((key) => localStorage.getItem(key), ACCESS_KEY))!;

    // A sees B as Registered.
    await page.reload();
    await visible(page.getByText('Bob B.'));
    await visible(page.getByText('Registered'));

    // ── B gets verified, funded and issues a card.
    await fundAndIssueCard(baseUrl, bobEmail, bobToken);

    // ── A sees B turn Active, the totals, and the bonus in the wallet history.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText('Bob B.').first().waitFor({ timeout: 10_000 });
          return page.getByText('Active', { exact: true }).count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(1); // the badge and the "Active" total
    const stats = page.getByRole('definition');
    expect(await stats.allTextContents()).toEqual(['1', '1', '$5.00']);
    await visible(page.getByText(/\+\$5\.00/));
    await saveScreenshot(page, 'referral-en-a-active');

    const history = await api(baseUrl, 'GET', '/api/wallet/transactions', undefined, alice.accessToken);
    expect(history.items).toEqual([
      expect.objectContaining({ type: 'promoBonus', direction: 'credit', amount: { amount: 500, currency: 'USD' }, details: expect.objectContaining({ referralName: 'Bob B.' }) }),
    ]);
    await page.goto(`${baseUrl}/wallet`);
    await visible(page.getByText(/Bob B\./));
    await visible(page.getByText(/\+\s?\$5\.00/));
    await saveScreenshot(page, 'referral-en-a-wallet');
  });

  test('the referral screen in Russian, with an Active and a Registered referral', async ({ app }) => {
    const { page, baseUrl } = app;
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 });
    const alice = await signUpViaApi(baseUrl, 'referrer', { firstName: 'Алиса', lastName: 'Волкова' });
    const { code } = await api(baseUrl, 'GET', '/api/promo/my-code', undefined, alice.accessToken);
    const boris = await signUpViaApi(baseUrl, 'referrer', { firstName: 'Борис', lastName: 'Иванов', promoCode: code });
    await signUpViaApi(baseUrl, 'referrer', { firstName: 'Вера', lastName: 'Петрова', promoCode: code });
    await fundAndIssueCard(baseUrl, boris.email, boris.accessToken);

    await page.goto(`${baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('tgwallet.language', 'ru'));
    await openSignedIn(page, baseUrl, alice, '/referral');
    await visible(page.getByRole('heading', { level: 1, name: 'Реферальная программа' }));
    await visible(page.getByText('Борис И.'));
    await visible(page.getByText('Активен', { exact: true }));
    await visible(page.getByText('Зарегистрирован', { exact: true }));
    expect(await page.getByRole('definition').allTextContents()).toEqual(['2', '1', '5,00\u00a0$']);
    await visible(page.getByRole('button', { name: 'Скопировать код' }));
    await saveScreenshot(page, 'referral-ru');
  });

  test('a refused clipboard says "Failed to copy to clipboard"', async ({ app }) => {
    const { page, baseUrl } = app;
    // Refused both ways: the Clipboard API and the older execCommand('copy') the app falls back to (shared/lib clipboard).
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      });
      document.execCommand = () => false;
    });
    const alice = await signUpViaApi(baseUrl, 'referrer', { firstName: 'Alice', lastName: 'Walker' });
    await openSignedIn(page, baseUrl, alice, '/referral');
    await page.getByRole('button', { name: 'Copy code' }).click();
    await visible(page.getByText('Failed to copy to clipboard'));
    await page.getByRole('button', { name: 'Copy invite link' }).click();
    await expect.poll(() => page.getByText('Failed to copy to clipboard').count()).toBeGreaterThanOrEqual(1);
    await saveScreenshot(page, 'referral-en-copy-failed');
  });

  test('the Clipboard API refused (an older webview): the code is copied the older way all the same', async ({ app }) => {
    const { page, baseUrl } = app;
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      });
      const copied: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = copied;
      document.execCommand = (command: string) => {
        const active = document.activeElement;
        if (command === 'copy' && active instanceof HTMLTextAreaElement) copied.push(active.value);
        return command === 'copy';
      };
    });
    const alice = await signUpViaApi(baseUrl, 'referrer', { firstName: 'Alice', lastName: 'Walker' });
    await openSignedIn(page, baseUrl, alice, '/referral');
    await page.getByRole('button', { name: 'Copy code' }).click();
    await visible(page.getByText('Promo code copied'));
    const copied = await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatch(/^[A-Z0-9]{4,}$/);
    expect(await page.getByText('Failed to copy to clipboard').count()).toBe(0);
  });

  test('"Failed to load promo code" / "Failed to load referrals" with a retry that recovers', async ({ app }) => {
    const { page, baseUrl } = app;
    const alice = await signUpViaApi(baseUrl, 'referrer', { firstName: 'Alice', lastName: 'Walker' });
    let failing = true;
    await page.route(/\/api\/promo\//, (route) =>
      failing
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, error: { service: 'promo', code: 'SOMETHING', message: 'No' } }),
          })
        : route.continue(),
    );
    await openSignedIn(page, baseUrl, alice, '/referral');
    await visible(page.getByText('Failed to load promo code'));
    await visible(page.getByText('Failed to load referrals'));
    await saveScreenshot(page, 'referral-en-load-failed');

    failing = false;
    const retry = page.getByRole('button', { name: 'Try again' });
    while ((await retry.count()) > 0) await retry.first().click();
    await visible(page.getByTestId('promo-code'));
    await visible(page.getByText('No referrals yet'));
  });
});
