/**
 * History search and statements end to end (issue #14 "History"), in Chromium against the real server, English and
 * Russian: the wallet history is filtered by type, searched by tx hash, loads more as it scrolls, says so in words
 * when nothing matches; a month is exported as CSV and its totals are checked against the balances; a card's
 * history is searched by merchant and its statement checked against the card balance.
 * English runs on the default 6.7 mock (browser blob download); Russian on the 8.0 mock (Telegram's downloadFile,
 * answered by the mock). Screenshots: test-results/e2e/history-search-*.png.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { statementLabels } from '../../server/modules/statements/texts';
import { api, fundUsdt, issueCardViaApi, openSignedIn, ROOT, saveScreenshot, setVerification, signUpViaApi, test, visible, appTexts } from './support';

type Lang = 'en' | 'ru';
const texts = (lang: Lang, ns: string) => JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
/** The history search's words with the statement export's under `export`. */
const historyTexts = (lang: Lang): Record<string, any> => ({ ...appTexts(lang, 'history-search'), export: appTexts(lang, 'statement-export') });
const T = { en: { history: historyTexts('en'), wallet: texts('en', 'wallet') }, ru: { history: historyTexts('ru'), wallet: texts('ru', 'wallet') } };

/** RFC 4180 reader (quotes, doubled quotes, separators and line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** The statement's rows keyed by the English labels (a Russian statement's labels are Russian: mapped back here). */
function readStatement(text: string, lang: Lang) {
  const own = statementLabels(lang);
  const en = statementLabels('en');
  const toEnglish = new Map<string, string>([
    ...Object.entries(own.header).map(([key, label]) => [label, en.header[key as keyof typeof en.header]] as const),
    ...Object.entries(own.columns).map(([key, label]) => [label, en.columns[key as keyof typeof en.columns]] as const),
  ]);
  const english = (label: string) => toEnglish.get(label) ?? label;
  const lines = parseCsv(text.replace(/^\uFEFF/, ''));
  const blank = lines.findIndex((line) => line.length === 1 && line[0] === '');
  const header = Object.fromEntries(lines.slice(0, blank).map(([k, v]) => [english(k!), v ?? '']));
  const columns = lines[blank + 1]!.map(english);
  const rows = lines.slice(blank + 2).map((line) => Object.fromEntries(columns.map((c, i) => [c, line[i] ?? ''])));
  return { header, rows };
}
const minor = (major: string) => Math.round(Number(major) * 100);

/** The statement's totals: opening + credits − debits = closing, row by row. */
function expectReconciles(statement: ReturnType<typeof readStatement>) {
  let balance = minor(statement.header['Opening balance']!);
  for (const row of statement.rows) {
    balance += (row.Credit ? minor(row.Credit) : 0) - (row.Debit ? minor(row.Debit) : 0);
    expect(minor(row.Balance!)).toBe(balance);
  }
  expect(balance).toBe(minor(statement.header['Closing balance']!));
}

const rows = (page: Page) => page.locator('[data-testid="transaction-history"] [data-testid="transaction-amount"]');
const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Fills the export form with this month (first day → today) and clicks Export; returns the downloaded file's text. */
async function exportThisMonth(page: Page, lang: Lang, currency?: 'USD' | 'RUB', format: 'csv' | 'pdf' = 'csv'): Promise<{ text: string; fileName: string; bytes: Buffer }> {
  const h = T[lang].history;
  const form = page.getByTestId('statement-export');
  if (!(await form.evaluate((node) => (node as HTMLDetailsElement).open))) await form.locator('summary').click();
  const now = new Date();
  await form.getByLabel(h.export.from, { exact: true }).fill(localDay(new Date(now.getFullYear(), now.getMonth(), 1)));
  await form.getByLabel(h.export.to, { exact: true }).fill(localDay(now));
  if (currency) await form.getByLabel(h.export.currency).selectOption(currency);
  await form.getByRole('radio', { name: h.export.formats[format] }).click();
  // Inside Telegram (the 8.0 mock) the client asks the user first: the mock asks with confirm(), accepted here.
  const asked: string[] = [];
  const accept = (dialog: import('playwright-core').Dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  };
  page.on('dialog', accept);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), form.getByRole('button', { name: format === 'pdf' ? h.export.submitPdf : h.export.submit }).click()]);
  page.off('dialog', accept);
  if (lang === 'ru') expect(asked.join()).toMatch(new RegExp(`\\[Telegram mock\\] Download statement-.+\\.${format}\\?`));
  else expect(asked).toEqual([]);
  const path = await download.path();
  const bytes = readFileSync(path!);
  return { text: bytes.toString('utf8'), fileName: download.suggestedFilename(), bytes };
}

function historyFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const h = T[lang].history;
    const shot = `history-search-${lang}`;
    const user = await signUpViaApi(baseUrl, `history-${lang}`, { firstName: lang === 'ru' ? 'Ivan' : 'Anna', lastName: lang === 'ru' ? 'Petrov' : 'Smith' });
    await setVerification(baseUrl, user.email, 'verified');
    // A new user with no transactions: "No transactions yet" alone, no search, filters or export above it.
    await openSignedIn(page, baseUrl, user, lang === 'ru' ? '/wallet?tgMockVersion=8.0' : '/wallet', lang);
    await visible(page.getByText(T[lang].wallet.history.emptyTitle));
    await page.waitForTimeout(500); // the tools' chunk would have arrived by now
    expect(await page.getByTestId('history-filters').count()).toBe(0);
    expect(await page.getByTestId('history-tools-placeholder').count()).toBe(0);
    expect(await page.getByRole('searchbox').count()).toBe(0);
    await saveScreenshot(page, `${shot}-new-user`);
    // 22 deposits (more than one page of 20) and one exchange to RUB.
    for (let i = 0; i < 22; i++) await fundUsdt(baseUrl, user.accessToken, 10 + i);
    const rates = await api(baseUrl, 'GET', '/api/config/exchange-rates', undefined, user.accessToken);
    const quote = rates.rates.find((r: { from: string; to: string }) => r.from === 'USD' && r.to === 'RUB');
    await api(baseUrl, 'POST', '/api/wallet/exchange', { from: 'USD', to: 'RUB', amount: 10_00, quoteId: quote.quoteId }, user.accessToken, { 'idempotency-key': randomUUID() });
    const all = await api(baseUrl, 'GET', '/api/wallet/transactions?limit=100', undefined, user.accessToken);
    expect(all.items).toHaveLength(23);
    const someDeposit = all.items.find((tx: { type: string }) => tx.type === 'usdtDeposit');

    await openSignedIn(page, baseUrl, user, lang === 'ru' ? '/wallet?tgMockVersion=8.0' : '/wallet', lang);
    await visible(page.getByTestId('history-filters'));
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(20);
    await saveScreenshot(page, `${shot}-wallet`);

    // Scroll to the end: the sentinel loads the next page (the "Load more" button is the fallback).
    await page.getByTestId('load-more-sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(23);
    await expect.poll(() => page.getByTestId('load-more-sentinel').count()).toBe(0);

    // Filter by type: the one exchange.
    const filters = page.getByTestId('history-filters');
    await filters.getByLabel(h.filters.type).selectOption('currencyExchange');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await filters.getByLabel(h.filters.currency).selectOption('RUB');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await saveScreenshot(page, `${shot}-filtered`);
    await filters.getByRole('button', { name: h.filters.reset }).click();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(20);

    // Search by a part of a tx hash, in capitals: one deposit.
    const search = filters.getByRole('searchbox', { name: h.filters.search });
    await search.fill(someDeposit.details.txHash.slice(2, 14).toUpperCase());
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    // Nothing matches: the empty state says so, in words, with a reset.
    await search.fill('no such thing 100%');
    await visible(page.getByText(h.empty.title));
    await visible(page.getByText(h.empty.text));
    await saveScreenshot(page, `${shot}-empty`);
    await page.locator('[data-testid="transaction-history"]').getByRole('button', { name: h.filters.reset }).last().click();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(20);

    // Export this month as CSV and check it against the balances.
    const wallet = await api(baseUrl, 'GET', '/api/wallet', undefined, user.accessToken);
    const balanceOf = (currency: string) => wallet.balances.find((b: { currency: string }) => b.currency === currency).available.amount as number;
    const usd = await exportThisMonth(page, lang);
    expect(usd.fileName).toMatch(/^statement-wallet-USD-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const usdStatement = readStatement(usd.text, lang);
    expect(minor(usdStatement.header['Opening balance']!)).toBe(0);
    expect(minor(usdStatement.header['Closing balance']!)).toBe(balanceOf('USD'));
    expect(usdStatement.rows).toHaveLength(23);
    expectReconciles(usdStatement);
    await visible(page.getByText(lang === 'ru' ? h.export.doneTelegram : h.export.done));
    await saveScreenshot(page, `${shot}-exported`);

    const rub = readStatement((await exportThisMonth(page, lang, 'RUB')).text, lang);
    expect(minor(rub.header['Closing balance']!)).toBe(balanceOf('RUB'));
    expect(rub.rows.map((r) => r['Type code'])).toEqual(['currencyExchange']);
    // In words, in the app's language.
    expect(rub.rows.map((r) => r.Type)).toEqual([lang === 'ru' ? 'Обмен' : 'Exchange']);
    expectReconciles(rub);
  };
}

function cardFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const h = T[lang].history;
    const shot = `history-search-${lang}-card`;
    const user = await signUpViaApi(baseUrl, `history-card-${lang}`, { firstName: 'Olga', lastName: 'Smirnova' });
    await setVerification(baseUrl, user.email, 'verified');
    await fundUsdt(baseUrl, user.accessToken, 200);
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 });
    const cardId = await issueCardViaApi(baseUrl, user.accessToken, { initialDeposit: 50_00 });
    for (const [amount, merchant] of [
      [7_77, 'COFFEE 100% BAR'],
      [3_00, '=BOOKS+SHOP'],
    ] as const) {
      await api(baseUrl, 'POST', `/api/dev/cards/${cardId}/purchase`, { amount, merchant });
    }

    await openSignedIn(page, baseUrl, user, `/cards/${cardId}${lang === 'ru' ? '?tgMockVersion=8.0' : ''}`, lang);
    const filters = page.getByTestId('card-history-filters');
    await visible(filters);
    await visible(page.getByText('COFFEE 100% BAR'));
    await filters.getByRole('searchbox', { name: h.filters.search }).fill('coffee 100%');
    await expect.poll(() => page.getByText('=BOOKS+SHOP').count(), { timeout: 15_000 }).toBe(0);
    await visible(page.getByText('COFFEE 100% BAR'));
    await saveScreenshot(page, `${shot}-search`);

    const card = await api(baseUrl, 'GET', `/api/cards/${cardId}`, undefined, user.accessToken);
    const { text, fileName } = await exportThisMonth(page, lang);
    expect(fileName).toMatch(/^statement-card-\d{4}-/);
    const statement = readStatement(text, lang);
    expect(minor(statement.header['Closing balance']!)).toBe(card.balance.amount);
    expect(minor(statement.header['Closing balance']!)).toBe(50_00 - 7_77 - 3_00);
    expectReconciles(statement);
    // The merchant name that looks like a formula stays text.
    expect(statement.rows.map((r) => r.Description)).toContain("'=BOOKS+SHOP");

    // The same statement as a PDF (Telegram's download on the 8.0 mock in Russian, a blob in English).
    const pdf = await exportThisMonth(page, lang, undefined, 'pdf');
    expect(pdf.fileName).toMatch(/^statement-card-\d{4}-.*\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto/);
  };
}

describe('History search and statements in English', () => {
  test('wallet: filter, search, scroll to load more, empty result, export a month as CSV (blob)', historyFlow('en'), 120_000);
  test('card: search by merchant, export the card statement', cardFlow('en'), 90_000);
});

describe('History search and statements in Russian', () => {
  test.override({ appOptions: { locale: 'ru-RU' } });
  test('wallet: filter, search, scroll to load more, empty result, export a month as CSV (Telegram 8.0 download)', historyFlow('ru'), 120_000);
  test('card: search by merchant, export the card statement', cardFlow('ru'), 90_000);
});
