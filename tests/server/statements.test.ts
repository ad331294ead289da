/**
 * Statements (issue #14 "History"): a CSV per wallet currency and per card whose opening and closing balances
 * reconcile with the ledger (opening + rows = closing, both equal to the account's ledger balance at those
 * instants), CSV escaping and formula-injection safety, and the single-use signed download link.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { accountIds, balanceOf, checkLedger } from '../../server/modules/ledger';
import { createCard, getCard, setIssuerMode, spreadClientIps } from './card-helpers';
import { createTestApp, type TestApp } from './harness';
import { depositUsdt, exchange, quote, refreshTokens, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let cardId = '';
/** Ledger balances read at chosen instants: the truth a statement must match. */
const marks: Record<string, { at: string; usd: number; rub: number; card: number }> = {};

const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
const mark = async (name: string) => {
  marks[name] = {
    at: t.clock.now().toISOString(),
    usd: await balanceOf(t.db, accountIds.wallet(ann.userId, 'USD')),
    rub: await balanceOf(t.db, accountIds.wallet(ann.userId, 'RUB')),
    card: cardId ? await balanceOf(t.db, accountIds.card(cardId)) : 0,
  };
  t.clock.advance(1);
  await refreshTokens(t, ann);
  await refreshTokens(t, bob);
};

const createLink = (user: TestUser, body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/statements/links', headers: user.headers, payload: body });
const download = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

/** RFC 4180 reader for the tests (quotes, doubled quotes, commas and line breaks inside quotes). */
const parseCsv = (text: string): string[][] => {
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
    else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    } else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
};

interface Statement {
  header: Record<string, string>;
  columns: string[];
  rows: Array<Record<string, string>>;
}
const readStatement = (text: string): Statement => {
  const lines = parseCsv(text.replace(/^\uFEFF/, ''));
  const blank = lines.findIndex((line) => line.length === 1 && line[0] === '');
  const header = Object.fromEntries(lines.slice(0, blank).map(([k, v]) => [k!, v ?? '']));
  const columns = lines[blank + 1]!;
  const rows = lines.slice(blank + 2).map((line) => Object.fromEntries(columns.map((c, i) => [c, line[i] ?? ''])));
  return { header, columns, rows };
};
/** "12.34" → 1234 (the CSV has major units with two decimals). */
const minor = (major: string): number => {
  expect(major).toMatch(/^\d+\.\d{2}$/);
  return Math.round(Number(major) * 100);
};

const statementOf = async (user: TestUser, body: Record<string, unknown>): Promise<{ statement: Statement; raw: string; headers: Record<string, unknown> }> => {
  const link = await createLink(user, body);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const res = await download(link.body.data.path);
  expect(res.statusCode, res.body).toBe(200);
  return { statement: readStatement(res.body), raw: res.body, headers: res.headers };
};

/** opening + credits − debits = closing, row by row through the running balance. */
const expectReconciles = (s: Statement) => {
  let balance = minor(s.header['Opening balance']!);
  let credits = 0;
  let debits = 0;
  for (const row of s.rows) {
    const credit = row.Credit ? minor(row.Credit) : 0;
    const debit = row.Debit ? minor(row.Debit) : 0;
    expect(credit === 0 || debit === 0).toBe(true);
    balance += credit - debit;
    credits += credit;
    debits += debit;
    expect(minor(row.Balance!)).toBe(balance);
  }
  expect(balance).toBe(minor(s.header['Closing balance']!));
  expect(credits).toBe(minor(s.header['Total credits']!));
  expect(debits).toBe(minor(s.header['Total debits']!));
};

beforeAll(async () => {
  t = await createTestApp();
  spreadClientIps(t);
  await setIssuerMode(t, { delayMs: 0 });
  ann = await verifiedUser(t);
  bob = await verifiedUser(t);
  await depositUsdt(t, bob, 100);
  await mark('start');
  await depositUsdt(t, ann, 300);
  t.clock.advance(300);
  await mark('day1');
  const rate = await quote(t, ann, 'USD', 'RUB');
  expect((await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 50_00, quoteId: rate.quoteId })).status).toBe(200);
  t.clock.advance(300);
  await mark('day2');
  const created = await createCard(t, { ...ann, id: ann.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 40_00 });
  expect(created.status).toBe(200);
  cardId = created.body.data.id;
  await drain();
  expect((await getCard(t, { ...ann, id: ann.userId }, cardId)).status).toBe('active');
  t.clock.advance(300);
  await mark('cardActive');
  for (const [amount, merchant] of [
    [7_77, '=HYPERLINK("http://evil.example","click")'],
    [1_23, 'SHOP, "QUOTED"\nNEXT LINE'],
    [2_00, '@SUM(A1)'],
    [1_00, '+1-2'],
    [50, '-1+1'],
  ] as const) {
    t.clock.advance(60);
    expect((await t.call({ method: 'POST', url: `/api/dev/cards/${cardId}/purchase`, payload: { amount, merchant } })).status).toBe(200);
  }
  // Money back from the card: in the wallet statement it is "Money back from card", never a "Card top-up".
  t.clock.advance(60);
  const back = await t.call({ method: 'POST', url: `/api/cards/${cardId}/withdraw`, headers: { ...ann.headers, 'idempotency-key': randomUUID() }, payload: { amount: 5_00 } });
  expect(back.status, JSON.stringify(back.body)).toBe(200);
  await drain();
  t.clock.advance(300);
  await mark('end');
});
afterAll(() => t?.close());

describe('wallet statement', () => {
  it('whole history: opens at the ledger balance then, closes at the ledger balance now, rows add up', async () => {
    for (const [currency, key] of [
      ['USD', 'usd'],
      ['RUB', 'rub'],
    ] as const) {
      const { statement, headers } = await statementOf(ann, { currency, from: marks.start!.at, to: marks.end!.at });
      expect(headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(String(headers['content-disposition'])).toMatch(new RegExp(`^attachment; filename="statement-wallet-${currency}-[0-9-]+\\.csv"$`));
      expect(headers['cache-control']).toBe('no-store');
      expect(statement.header.Currency).toBe(currency);
      expect(statement.header['Period from']).toBe(marks.start!.at);
      expect(statement.header['Period to']).toBe(marks.end!.at);
      expect(minor(statement.header['Opening balance']!)).toBe(marks.start![key]);
      expect(minor(statement.header['Closing balance']!)).toBe(marks.end![key]);
      expectReconciles(statement);
      for (const row of statement.rows) expect(row.Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it('a middle period opens and closes at the ledger balances of its bounds', async () => {
    const { statement } = await statementOf(ann, { currency: 'USD', from: marks.day1!.at, to: marks.cardActive!.at });
    expect(minor(statement.header['Opening balance']!)).toBe(marks.day1!.usd);
    expect(minor(statement.header['Closing balance']!)).toBe(marks.cardActive!.usd);
    expectReconciles(statement);
    expect(statement.rows.map((r) => r['Type code'])).toContain('currencyExchange');
    expect(statement.rows.map((r) => r['Type code'])).not.toContain('usdtDeposit');
    // The type in words; the code stays for machines.
    expect(statement.rows.find((r) => r['Type code'] === 'currencyExchange')?.Type).toBe('Exchange');
  });

  it('an empty period has equal opening and closing balances and no rows', async () => {
    const from = new Date(Date.parse(marks.end!.at) + 1000).toISOString();
    const to = new Date(Date.parse(marks.end!.at) + 86_400_000).toISOString();
    const { statement } = await statementOf(ann, { currency: 'USD', from, to });
    expect(statement.rows).toEqual([]);
    expect(statement.header['Opening balance']).toBe(statement.header['Closing balance']);
    expect(minor(statement.header['Opening balance']!)).toBe(marks.end!.usd);
  });
});

describe('a statement speaks to people', () => {
  it('types and statuses in words: money to a card is a "Card top-up", money back from a card is not', async () => {
    const { statement } = await statementOf(ann, { currency: 'USD', from: marks.start!.at, to: marks.end!.at });
    const transfers = statement.rows.filter((r) => r['Type code'] === 'cardTransfer');
    expect(transfers.map((r) => [r.Type, r.Debit ? 'debit' : 'credit'])).toEqual([['Money back from card', 'credit']]);
    expect(statement.rows.find((r) => r.Credit === '5.00' && r['Type code'] === 'cardTransfer')?.Description).toMatch(/^From card •••• \d{4}$/);
    expect(statement.rows.map((r) => r.Type)).toEqual(expect.arrayContaining(['USDT top-up', 'Exchange', 'Card issue']));
    for (const row of statement.rows) {
      expect(row.Type).not.toMatch(/^[a-z]+[A-Z]/); // never a code such as "cardTransfer"
      expect(['Completed', 'Pending', 'Failed']).toContain(row.Status);
    }
  });

  it('in Russian: the labels, types and statuses in Russian; numbers, dates and codes stay machine-readable', async () => {
    const { statement } = await statementOf(ann, { currency: 'USD', from: marks.start!.at, to: marks.end!.at, language: 'ru' });
    expect(statement.header['Выписка']).toBe('Кошелёк USD');
    expect(minor(statement.header['Исходящий остаток']!)).toBe(marks.end!.usd);
    expect(statement.columns).toEqual(['Дата', 'Тип', 'Описание', 'Референс', 'Статус', 'Зачисление', 'Списание', 'Остаток', 'Валюта', 'ID операции', 'Код типа']);
    const types = statement.rows.map((r) => r['Тип']);
    expect(types).toEqual(expect.arrayContaining(['Пополнение USDT', 'Обмен', 'Выпуск карты', 'Возврат с карты']));
    expect(types).not.toContain('Пополнение карты');
    expect(new Set(statement.rows.map((r) => r['Статус']))).toEqual(new Set(['Выполнена']));
    for (const row of statement.rows) expect(row['Дата']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('a PDF of the same statement: Roboto embedded (Cyrillic), the balances, the rows in words; a link makes one file', async () => {
    for (const language of ['en', 'ru'] as const) {
      const link = await createLink(ann, { currency: 'USD', from: marks.start!.at, to: marks.end!.at, format: 'pdf', language, timeZone: 'Europe/Moscow' });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      expect(link.body.data.fileName).toMatch(/^statement-wallet-USD-.*\.pdf$/);
      const res = await download(link.body.data.path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="statement-wallet-USD-[0-9-]+\.pdf"$/);
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/\/FontFile2/); // the font travels in the file
      expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto/);
      const dir = mkdtempSync(join(tmpdir(), 'statement-'));
      writeFileSync(join(dir, 's.pdf'), pdf);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
      const usd = (minorUnits: number) => new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency: 'USD' }).format(minorUnits / 100);
      expect(text.replace(/\s+/g, ' ')).toContain(usd(marks.end!.usd).replace(/\s+/g, ' '));
      if (language === 'ru') {
        expect(text).toContain('Выписка: Кошелёк USD');
        expect(text).toContain('Возврат с карты');
        expect(text).toContain('Исходящий остаток');
      } else {
        expect(text).toContain('Statement: Wallet USD');
        expect(text).toContain('Money back from card');
      }
    }
  });

  it('refuses a time zone it does not know, and a format it does not make', async () => {
    const base = { currency: 'USD', from: marks.start!.at, to: marks.end!.at };
    for (const wrong of [{ timeZone: 'Mars/Olympus' }, { format: 'xlsx' }, { language: 'de' }]) {
      const res = await createLink(ann, { ...base, ...wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('card statement', () => {
  it('reconciles with the card’s ledger account', async () => {
    const { statement } = await statementOf(ann, { cardId, from: marks.start!.at, to: marks.end!.at });
    expect(minor(statement.header['Opening balance']!)).toBe(0);
    expect(minor(statement.header['Closing balance']!)).toBe(marks.end!.card);
    expect(minor(statement.header['Closing balance']!)).toBe(40_00 - 7_77 - 1_23 - 2_00 - 1_00 - 50 - 5_00);
    expect(statement.rows.at(-1)).toMatchObject({ Type: 'To wallet', Description: 'To wallet', Debit: '5.00', 'Type code': 'cardTransfer' });
    expectReconciles(statement);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('escapes CSV and defuses formulas: cells starting with = + - @ get a leading apostrophe', async () => {
    const { statement, raw } = await statementOf(ann, { cardId, from: marks.cardActive!.at, to: marks.end!.at });
    const descriptions = statement.rows.map((r) => r.Description);
    expect(descriptions).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(descriptions).toContain('SHOP, "QUOTED"\nNEXT LINE');
    expect(descriptions).toContain("'@SUM(A1)");
    expect(descriptions).toContain("'+1-2");
    expect(descriptions).toContain("'-1+1");
    expect(raw).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    // No cell of the whole file starts a formula.
    for (const line of parseCsv(raw.replace(/^\uFEFF/, ''))) for (const cell of line) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('another user’s card is refused like an unknown card', async () => {
    const res = await createLink(bob, { cardId, from: marks.start!.at, to: marks.end!.at });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'CARD_NOT_FOUND' } });
  });
});

describe('signed download link', () => {
  const body = () => ({ currency: 'USD', from: marks.start!.at, to: marks.end!.at });

  it('carries no bearer token and works without one, once', async () => {
    const link = await createLink(ann, body());
    expect(link.status).toBe(200);
    const { path, expiresAt, fileName } = link.body.data;
    expect(path).toMatch(/^\/api\/statements\/download\/[A-Za-z0-9_-]{43}$/);
    expect(path).not.toContain(ann.token);
    expect(fileName).toMatch(/^statement-wallet-USD-.*\.csv$/);
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBeLessThanOrEqual(120_000);
    // The token is not stored as such: only its hash is in the database.
    const token = path.split('/').pop()!;
    const stored = JSON.stringify(await t.db.query('SELECT * FROM statement_links'));
    expect(stored).not.toContain(token);

    const first = await download(path);
    expect(first.statusCode).toBe(200);
    const again = await download(path);
    expect(again.statusCode).toBe(410);
    expect(JSON.parse(again.body)).toMatchObject({ success: false, error: { code: 'STATEMENT_LINK_INVALID' } });
  });

  it('expires', async () => {
    const link = await createLink(ann, body());
    t.clock.advance(121);
    await refreshTokens(t, ann);
    await refreshTokens(t, bob);
    const res = await download(link.body.data.path);
    expect(res.statusCode).toBe(410);
    expect(JSON.parse(res.body).error.code).toBe('STATEMENT_LINK_INVALID');
  });

  it('is the statement of its creator whoever holds it, and unknown or malformed tokens answer 410 in the envelope', async () => {
    const link = await createLink(ann, body());
    const viaBob = await download(link.body.data.path, bob.headers);
    expect(viaBob.statusCode).toBe(200);
    expect(minor(readStatement(viaBob.body).header['Closing balance']!)).toBe(marks.end!.usd);
    for (const token of ['A'.repeat(43), 'short', '%00', "x' OR '1'='1"]) {
      const res = await download(`/api/statements/download/${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(410);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, error: { code: 'STATEMENT_LINK_INVALID' } });
    }
    // Longer than any path parameter the router takes: refused before the route, still in the envelope.
    const huge = await download(`/api/statements/download/${'a'.repeat(5000)}`);
    expect(huge.statusCode).toBe(414);
    expect(JSON.parse(huge.body)).toMatchObject({ success: false, error: { code: expect.any(String) } });
  });

  it.each([
    ['no account', { from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' }],
    ['both accounts', { currency: 'USD', cardId: 'crd_x', from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' }],
    ['reversed period', { currency: 'USD', from: '2030-02-01T00:00:00.000Z', to: '2030-01-01T00:00:00.000Z' }],
    ['too long', { currency: 'USD', from: '2030-01-01T00:00:00.000Z', to: '2031-06-01T00:00:00.000Z' }],
    ['bad currency', { currency: 'EUR', from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' }],
    ['NUL card id', { cardId: 'crd_\u0000', from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' }],
    ['extra field', { currency: 'USD', from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z', userId: 'usr_x' }],
  ])('refuses %s with 400', async (_label, payload) => {
    const res = await createLink(ann, payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('needs a bearer token to create', async () => {
    const res = await t.call({ method: 'POST', url: '/api/statements/links', payload: body() });
    expect(res.status).toBe(401);
  });
});

describe('receipts', () => {
  const pdfText = (pdf: Buffer) => {
    const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
    writeFileSync(join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  };
  const receiptOf = async (user: TestUser, body: Record<string, unknown>) => {
    const link = await t.call({ method: 'POST', url: '/api/receipts/links', headers: user.headers, payload: body });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data.path).toMatch(/^\/api\/receipts\/download\/[A-Za-z0-9_-]{43}$/);
    const res = await download(link.body.data.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="receipt-[A-Za-z0-9_-]+\.pdf"$/);
    expect((await download(link.body.data.path)).statusCode).toBe(410); // single use
    return pdfText(res.rawPayload);
  };

  it('a wallet transaction: what it was in words, the amount, the ids (the whole tx hash), in English and Russian', async () => {
    const history = await t.call({ method: 'GET', url: '/api/wallet/transactions?limit=100', headers: ann.headers });
    const deposit = history.body.data.items.find((tx: { type: string }) => tx.type === 'usdtDeposit');
    const back = history.body.data.items.find((tx: { type: string; direction: string }) => tx.type === 'cardTransfer' && tx.direction === 'credit');
    const en = await receiptOf(ann, { target: { kind: 'wallet', transactionId: deposit.id } });
    expect(en).toContain('Receipt');
    expect(en).toContain('USDT top-up');
    expect(en).toContain(deposit.id);
    const hash = String(deposit.details.txHash);
    expect(en.replace(/\s+/g, '')).toContain(hash);
    const ru = await receiptOf(ann, { target: { kind: 'wallet', transactionId: back.id }, language: 'ru', timeZone: 'Europe/Moscow' });
    expect(ru).toContain('Квитанция');
    expect(ru).toContain('Возврат с карты');
    expect(ru.replace(/\s/g, ' ')).toContain('+5,00 $');
  });

  it('a card purchase (the trade) and a card transaction', async () => {
    const trades = await t.call({ method: 'GET', url: `/api/cards/${cardId}/trades`, headers: ann.headers });
    const trade = trades.body.data.items.find((item: { merchant: { name: string } }) => item.merchant.name === '@SUM(A1)');
    const text = await receiptOf(ann, { target: { kind: 'trade', cardId, tradeId: trade.id } });
    expect(text).toContain('Purchase: @SUM(A1)');
    expect(text).toContain(trade.id);
    const transactions = await t.call({ method: 'GET', url: `/api/cards/${cardId}/transactions`, headers: ann.headers });
    const issue = transactions.body.data.items.find((item: { type: string }) => item.type === 'issue');
    expect(await receiptOf(ann, { target: { kind: 'card', cardId, transactionId: issue.id }, language: 'ru' })).toContain('Первый депозит');
  });

  it('only the owner gets a receipt: another user’s transaction or card answers 404, like an unknown one', async () => {
    const history = await t.call({ method: 'GET', url: '/api/wallet/transactions?limit=1', headers: ann.headers });
    const theirs = history.body.data.items[0].id;
    const asBob = await t.call({ method: 'POST', url: '/api/receipts/links', headers: bob.headers, payload: { target: { kind: 'wallet', transactionId: theirs } } });
    expect(asBob.status).toBe(404);
    const card = await t.call({ method: 'POST', url: '/api/receipts/links', headers: bob.headers, payload: { target: { kind: 'card', cardId, transactionId: 'ctx_x' } } });
    expect(card.status).toBe(404);
    expect(card.body.error.code).toBe('CARD_NOT_FOUND');
    const wrong = await t.call({ method: 'POST', url: '/api/receipts/links', headers: ann.headers, payload: { target: { kind: 'wallet' } } });
    expect(wrong.status).toBe(400);
  });
});
