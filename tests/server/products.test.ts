/** GET /api/cards/products and /api/cards/products/{id}: catalogue, filters, localisation, "Product Not Found". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardProduct } from '@/shared/contract/cards';
import { depositFee, productTermsProblems } from '@/shared/money';
import { depositFeeRule } from '../../server/modules/products';
import { createTestApp, type TestApp } from './harness';
import { newUser, spreadClientIps, type TestUser } from './card-helpers';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  spreadClientIps(t);
  user = await newUser(t, { verification: 'under_verification' }); // reading the catalogue needs no verification
});
afterAll(() => t.close());

const list = (query = '', headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: `/api/cards/products${query}`, headers: { ...user.headers, ...headers } });

describe('GET /api/cards/products', () => {
  it('needs a signed-in user', async () => {
    const res = await t.call({ method: 'GET', url: '/api/cards/products' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('lists the offered products in the contract shape, with consistent prices', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const items = res.body.data.items as CardProduct[];
    expect(res.body.data.nextCursor).toBeNull();
    for (const item of items) {
      expect(CardProduct.safeParse(item).success, item.id).toBe(true);
      expect(item.issueCost.amount).toBe(item.creationFee.amount + item.issuingFee.amount);
      expect(item.minimalDeposit.amount).toBeGreaterThanOrEqual(item.depositRange.min.amount);
      expect(item.minimalDeposit.amount).toBeLessThanOrEqual(item.depositRange.max.amount);
      for (const money of [item.issueCost, item.creationFee, item.issuingFee, item.minimalDeposit, item.depositFee.fixed, item.depositRange.min]) {
        expect(money.currency).toBe(item.currency);
        expect(Number.isInteger(money.amount)).toBe(true);
      }
      expect(item.requirements.length).toBeGreaterThan(0);
      expect(productTermsProblems(item), item.id).toEqual([]);
    }
    const schemes = new Set(items.map((p) => p.scheme));
    expect([...schemes].sort()).toEqual(['mastercard', 'unionPay', 'visa']);
    expect(new Set(items.map((p) => p.form))).toEqual(new Set(['virtual', 'physical']));
    expect(new Set(items.map((p) => p.currency))).toEqual(new Set(['USD', 'RUB']));
    // The retired 2023 product is not offered; the paused UnionPay Gold is listed as unavailable.
    expect(items.map((p) => p.id)).not.toContain('prd_visa_virtual_usd_2023');
    expect(items.find((p) => p.id === 'prd_unionpay_physical_usd')?.available).toBe(false);
    expect(items.filter((p) => p.available).length).toBe(items.length - 1);
  });

  it('filters by form, scheme and currency', async () => {
    const physical = (await list('?form=physical')).body.data.items as CardProduct[];
    expect(physical.length).toBeGreaterThan(0);
    expect(physical.every((p) => p.form === 'physical')).toBe(true);
    const visaUsd = (await list('?scheme=visa&currency=USD')).body.data.items as CardProduct[];
    expect(visaUsd.map((p) => p.id).sort()).toEqual(['prd_visa_physical_usd', 'prd_visa_virtual_usd']);
    const rub = (await list('?currency=RUB')).body.data.items as CardProduct[];
    expect(rub.map((p) => p.id)).toEqual(['prd_mastercard_virtual_rub']);
    expect((await list('?scheme=amex')).body.data.items).toEqual([]);
    const bad = await list('?scheme=diners');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.fields.scheme).toBeTruthy();
  });

  it('pages with a keyset cursor, no item twice, none lost', async () => {
    const all = ((await list()).body.data.items as CardProduct[]).map((p) => p.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...(res.body.data.items as CardProduct[]).map((p) => p.id));
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const bad = await list('?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.cursor).toMatch(/Invalid cursor/);
  });

  it('localizes the catalogue texts from Accept-Language', async () => {
    const ru = (await list('?scheme=visa&form=virtual', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).body.data.items[0] as CardProduct;
    expect(ru.name).toBe('Visa Виртуальная');
    expect(ru.requirements[0]).toBe('Подтверждённый аккаунт');
    const en = (await list('?scheme=visa&form=virtual', { 'accept-language': 'de-DE,en;q=0.5' })).body.data.items[0] as CardProduct;
    expect(en.name).toBe('Visa Virtual');
    const fallback = (await list('?scheme=visa&form=virtual', { 'accept-language': 'fr' })).body.data.items[0] as CardProduct;
    expect(fallback.name).toBe('Visa Virtual');
  });
});

describe('GET /api/cards/products/{id}', () => {
  it('answers one product', async () => {
    const res = await t.call({ method: 'GET', url: '/api/cards/products/prd_visa_physical_usd', headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: 'prd_visa_physical_usd',
      scheme: 'visa',
      form: 'physical',
      issueCost: { amount: 5000, currency: 'USD' },
      depositFee: { bps: 150, fixed: { amount: 100, currency: 'USD' } },
      available: true,
    });
  });

  it('answers 404 PRODUCT_NOT_FOUND "Product Not Found" for unknown and no longer offered products', async () => {
    for (const id of ['prd_nope', 'prd_visa_virtual_usd_2023']) {
      const res = await t.call({ method: 'GET', url: `/api/cards/products/${id}`, headers: user.headers });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        error: { service: 'cards', code: 'PRODUCT_NOT_FOUND', message: expect.stringMatching(/^Product Not Found/) },
      });
    }
  });
});

describe('deposit fee', () => {
  it('is fixed + ceil(amount × bps / 10 000), exact for huge amounts', () => {
    expect(depositFee(depositFeeRule({ depositFeeBps: 150, depositFeeFixed: 0 }), 1000)).toBe(15);
    expect(depositFee(depositFeeRule({ depositFeeBps: 150, depositFeeFixed: 0 }), 1001)).toBe(16); // 15.015 → 16
    expect(depositFee(depositFeeRule({ depositFeeBps: 100, depositFeeFixed: 50 }), 2000)).toBe(70);
    expect(depositFee(depositFeeRule({ depositFeeBps: 0, depositFeeFixed: 0 }), 5000)).toBe(0);
    expect(depositFee(depositFeeRule({ depositFeeBps: 9999, depositFeeFixed: 0 }), Number.MAX_SAFE_INTEGER)).toBe(9_006_298_534_815_517) // (2^53 − 1) × 9999 / 10 000, rounded up;
  });
});

describe('terms checked when products load', () => {
  it('a product row whose terms contradict themselves (made outside the migrations) is offered as unavailable (issue answers PRODUCT_UNAVAILABLE)', async () => {
    // The migrations' CHECKs keep such a row out; a catalogue edited by hand around them must not reach the app as issuable.
    const [constraint] = await t.db.query<{ conname: string }>(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'card_products'::regclass AND pg_get_constraintdef(oid) LIKE '%minimal_deposit >= deposit_min%'`,
    );
    if (constraint) await t.db.query(`ALTER TABLE card_products DROP CONSTRAINT ${constraint.conname}`);
    await t.db.query(
      `INSERT INTO card_products (id, scheme, form, currency, creation_fee, issuing_fee, minimal_deposit, deposit_fee_bps, deposit_fee_fixed,
         deposit_min, deposit_max, name, description, requirements, available, sort_order)
       VALUES ('prd_contradiction', 'visa', 'virtual', 'USD', 100, 100, 1000, 0, 0, 2000, 100000, '{"en":"Broken"}', '{}', '{"en":["x"]}', true, 999)`,
    );
    const res = await t.call({ method: 'GET', url: '/api/cards/products/prd_contradiction', headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.body.data.available).toBe(false);
    await t.db.query(`DELETE FROM card_products WHERE id = 'prd_contradiction'`);
  });
});
