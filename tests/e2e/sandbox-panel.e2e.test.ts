/**
 * The sandbox panel in Chromium (issue #35 "Trying it"): /api/dev/panel with the sandbox on, a sign-up code read
 * from its mailbox form with the token typed in. Screenshot: test-results/e2e/sandbox-panel.png. The panel is an
 * operator's page in English (as the sandbox's SBP page), so there is no Russian one.
 */
import { describe, expect } from 'vitest';
import { api, saveScreenshot, test, uniqueEmail, visible } from './support';
import { SANDBOX_TEST_TOKEN } from '../../scripts/load/server-process';

describe('sandbox panel', () => {
  test('the mailbox form shows a sign-up code', async ({ app: { page, baseUrl } }) => {
    const email = uniqueEmail('panel');
    await api(baseUrl, 'POST', '/api/auth/send-code', { email, purpose: 'signup' });
    await page.goto(`${baseUrl}/api/dev/panel`);
    const mailbox = page.locator('section', { has: page.getByRole('heading', { name: 'Mailbox', exact: true }) });
    await mailbox.getByLabel('Sandbox token').fill(SANDBOX_TEST_TOKEN);
    await mailbox.getByLabel('Email').fill(email);
    await mailbox.getByRole('button', { name: 'Run' }).click();
    const result = page.locator('#result');
    await visible(result);
    expect(await result.textContent()).toMatch(/"code": "\d{6}"/);
    await saveScreenshot(page, 'sandbox-panel');
  });
});
