/** Test set-up through the real API and the sandbox controls (sign-up with the mailbox, verification, USDT funding, cards). */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { readMailboxCode } from './mailbox';

let counter = 0;
/** A fresh address per call: `<label>.<time>.<n>@example.com`. */
export const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${counter++}@example.com`;

/** One JSON call; returns the envelope's `data`, throws on a non-2xx answer. */
export async function api(baseUrl: string, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; data?: any; error?: unknown };
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

export interface ApiUser {
  email: string;
  accessToken: string;
  refreshToken: string;
}

/** Another sign-in of an existing account through the API (send-code → sandbox mailbox → verify-code): its own session. */
export async function signInViaApi(baseUrl: string, email: string): Promise<ApiUser> {
  await api(baseUrl, 'POST', '/api/auth/send-code', { email, purpose: 'signin' });
  const code = await readMailboxCode(baseUrl, email);
  const tokens = await api(baseUrl, 'POST', '/api/auth/verify-code', { email, code });
  return { email, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/** Signs up through the API (send-code → sandbox mailbox → register); `form` overrides the registration fields. */
export async function signUpViaApi(baseUrl: string, label: string, form: Record<string, string> = {}): Promise<ApiUser> {
  const email = uniqueEmail(label);
  await api(baseUrl, 'POST', '/api/auth/send-code', { email, purpose: 'signup' });
  const code = await readMailboxCode(baseUrl, email);
  const tokens = await api(baseUrl, 'POST', '/api/auth/register', {
    phoneNumber: '+79991234567',
    country: 'RUS',
    email,
    code,
    ...form,
  });
  return { email, accessToken: tokens.accessToken as string, refreshToken: tokens.refreshToken as string };
}

/** Sets the user's verification status (sandbox control). */
export const setVerification = (baseUrl: string, email: string, status: 'verified' | 'under_verification' = 'verified') =>
  api(baseUrl, 'POST', '/api/dev/users/verification', { email, status });

/** Deposits `whole` USDT with the user's tag on the sandbox chain; expects it credited and returns the credited minor units. */
export async function fundUsdt(baseUrl: string, token: string, whole: number): Promise<number> {
  const wallet = await api(baseUrl, 'GET', '/api/wallet', undefined, token);
  const deposit = await api(baseUrl, 'POST', '/api/dev/tron/transfers', { amount: `${whole}.${wallet.usdtDepositTag}` });
  expect(deposit.outcome.status).toBe('credited');
  return deposit.outcome.credited.amount as number;
}

/**
 * Orders a card through the API (`POST /api/cards` with an Idempotency-Key) and polls it until it reaches `status`
 * ('active' for a virtual card, 'inactive' for a physical one awaiting activation); returns its id.
 * Set the sandbox issuer's speed first (`POST /api/dev/card-issuer/mode { delayMs }`) to keep it short.
 */
export async function issueCardViaApi(
  baseUrl: string,
  token: string,
  { productId = 'prd_visa_virtual_usd', initialDeposit = 1000, status = 'active' }: { productId?: string; initialDeposit?: number; status?: string } = {},
): Promise<string> {
  const address = { country: 'RU', recipient: 'Ada Lovelace', line1: 'ul. Tverskaya, 1', city: 'Moscow', postcode: '125009' };
  const body = productId.includes('physical') ? { productId, initialDeposit, deliveryAddress: address } : { productId, initialDeposit };
  const card = await api(baseUrl, 'POST', '/api/cards', body, token, { 'idempotency-key': randomUUID() });
  await expect
    .poll(async () => (await api(baseUrl, 'GET', `/api/cards/${card.id}`, undefined, token)).status, { timeout: 30_000, interval: 300 })
    .toBe(status);
  return card.id as string;
}

/** localStorage of a signed-in user, as the sign-in screen leaves it: set it before the page's scripts run (benchmarks). */
export function signedInStorage(user: Pick<ApiUser, 'accessToken' | 'refreshToken'>, lang: string): Record<string, string> {
  return { 'tgwallet.accessToken': user.accessToken, 'tgwallet.refreshToken': user.refreshToken, 'tgwallet.language': lang };
}

/**
 * A blank page of the app's origin, answered by the browser's request interception (never the server, whose fallback
 * for any unknown path is the app): its localStorage is the app's. Not the app itself: a slow start of that page read the
 * tokens written there, went to the wallet and sent its own requests beside the page under test's (seen under load: a
 * second GET /api/wallet in wallet-bundle.e2e).
 */
const STORAGE_PAGE = '/__e2e-storage-page__';

/** Opens the app signed in as `user` (tokens in localStorage, as the sign-in screen leaves them), optionally in `lang`. */
export async function openSignedIn(page: Page, baseUrl: string, user: Pick<ApiUser, 'accessToken' | 'refreshToken'>, path: string, lang?: string) {
  const blank = `${baseUrl}${STORAGE_PAGE}`;
  await page.route(blank, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>storage</title>' }));
  await page.goto(blank);
  const storage = Object.entries(signedInStorage(user, lang ?? '')).filter(([, value]) => value !== '');
  await page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), storage);
  await page.unroute(blank);
  await page.goto(`${baseUrl}${path}`);
}

/** Waits in the page (one call, not a poll from here) until the first match is visible / hidden. */
export const visible = (locator: Locator, timeout = 15_000) => locator.first().waitFor({ state: 'visible', timeout });
export const hidden = (locator: Locator, timeout = 15_000) => locator.first().waitFor({ state: 'hidden', timeout });

/**
 * Answers the app's in-app "Are you sure?" (`ConfirmDialog`, shown where Telegram draws no dialog): waits for the
 * dialog named `title` and presses its `confirm` button (issue #35: sign-out and ending sessions ask first).
 */
export async function confirmInApp(page: Page, title: string, confirm: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 10_000 });
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
}
