/**
 * Errors in the browser reach the server (issue #33, docs/frontend.md "Error reports"): once the first screen is up,
 * an uncaught error and an unhandled rejection are each sent once to POST /api/client-errors, without a token or
 * Telegram's init data and with the route but not its query, and the server counts them (client_errors_total).
 */
import type { Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test, visible } from './support';

describe('error reports from the app', () => {
  test.override({ appOptions: { allowPageErrors: true } });

  test('an uncaught error and an unhandled rejection are reported once each, with no personal data, and counted', async ({ app: { page, baseUrl } }) => {
    const reports: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors')) reports.push(request);
    });
    await page.goto(`${baseUrl}/?tgWebAppStartParam=secret-start`);
    await visible(page.locator('a[href="/signup"]'));
    // The reporter starts with the work that waits for the first screen.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e boom');
      });
      setTimeout(() => {
        throw new Error('e2e boom'); // the same error again: reported once
      });
      void Promise.reject(new Error('e2e rejected'));
    });
    await expect.poll(() => reports.length).toBe(2);
    await page.waitForTimeout(300);
    expect(reports).toHaveLength(2);
    const bodies = reports.map((request) => JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'error', message: 'e2e boom', route: '/' }),
        expect.objectContaining({ kind: 'unhandledrejection', message: 'e2e rejected', route: '/' }),
      ]),
    );
    for (const request of reports) {
      const headers = await request.allHeaders();
      expect(headers.authorization).toBeUndefined();
      expect(headers['x-telegram-init-data']).toBeUndefined();
      expect(request.postData()).not.toContain('secret-start');
    }
    const metrics = await (await fetch(`${baseUrl}/api/metrics`)).text();
    expect(/^client_errors_total\{kind="error"\} 1$/m.test(metrics)).toBe(true);
    expect(/^client_errors_total\{kind="unhandledrejection"\} 1$/m.test(metrics)).toBe(true);
  });
});
