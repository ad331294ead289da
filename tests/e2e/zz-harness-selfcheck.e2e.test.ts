import { expect } from 'vitest';
import { test } from './support';
test('deliberately failing assertion', async ({ app: { page, baseUrl } }) => {
  await page.goto(`${baseUrl}/`);
  expect(1).toBe(2);
});
test('uncaught page error fails the test', async ({ app: { page, baseUrl } }) => {
  await page.goto(`${baseUrl}/`);
  await page.evaluate(() => setTimeout(() => { throw new Error('boom from page'); }, 0));
  await page.waitForTimeout(300);
});
