/**
 * Card controls (issue #14): spending limits enforced by the sandbox issuer (per purchase, per UTC calendar month,
 * racing purchases, clearing, month boundary) and the delivery of a physical card (address per country at ordering,
 * shipping stages through the issuer's events, webhook idempotency, dev controls), with access control.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CardDelivery, CardLimits } from '@/shared/contract/card-controls';
import { Trade } from '@/shared/contract/cards';
import { sandboxAtRestKey } from '../../server/adapters/card-issuer';
import { appJobRegistry, JobRegistry, runDueJobs } from '../../server/jobs';
import { SandboxCardIssuer } from '../../server/sandbox';
import type { TestApp } from './harness';
import {
  cardAccountBalance,
  createCard,
  expectLedgerBalanced,
  fundWallet,
  getCard,
  newUser,
  refreshSessionOf,
  setIssuerMode,
  TEST_DELIVERY_ADDRESS,
  useCardsApp,
  walletBalance,
  type TestUser,
} from './card-helpers';

let t: TestApp;
useCardsApp((app) => (t = app));
afterEach(async () => {
  await setIssuerMode(t, { issue: 'ok', delayMs: 0 });
  await expectLedgerBalanced(t.db);
});

const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.call({ method, url, ...(payload ? { payload } : {}), headers: { ...(user?.headers ?? {}), 'idempotency-key': randomUUID() } });
const purchase = async (cardId: string, amount: number) => {
  const res = await api(null, 'POST', `/api/dev/cards/${cardId}/purchase`, { amount, merchant: 'LIMIT SHOP' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Trade.parse(res.body.data);
};
const setLimits = (user: TestUser, cardId: string, perPurchase: number | null, monthly: number | null) =>
  api(user, 'PATCH', `/api/cards/${cardId}/limits`, { perPurchase, monthly });

/** A verified user with an active virtual card holding 300.00 (USD). */
const activeCard = async () => {
  const user = await newUser(t);
  await fundWallet(t.db, user.id, 400_00);
  const created = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 300_00 });
  expect(created.status).toBe(200);
  await drain();
  const card = await getCard(t, user, created.body.data.id);
  expect(card.status).toBe('active');
  return { user, cardId: card.id };
};

describe('spending limits', () => {
  it('are set by the owner, travel to the issuer, and decline purchases over them with the reason in the history', async () => {
    const { user, cardId } = await activeCard();
    const initial = await api(user, 'GET', `/api/cards/${cardId}/limits`);
    expect(CardLimits.parse(initial.body.data)).toMatchObject({ perPurchase: null, monthly: null, spentThisMonth: { amount: 0, currency: 'USD' }, editable: true });

    const set = await setLimits(user, cardId, 50_00, 100_00);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(CardLimits.parse(set.body.data)).toMatchObject({
      perPurchase: { amount: 50_00, currency: 'USD' },
      monthly: { amount: 100_00, currency: 'USD' },
      monthStartsAt: '2030-01-01T00:00:00.000Z',
      monthEndsAt: '2030-02-01T00:00:00.000Z',
    });
    // The issuer holds them (it enforces them, not our copy).
    expect((await api(null, 'GET', `/api/dev/cards/${cardId}/issuer-limits`)).body.data).toEqual({ cardId, perPurchase: 50_00, monthly: 100_00 });

    const balance = await cardAccountBalance(t.db, cardId);
    const over = await purchase(cardId, 50_01);
    expect(over).toMatchObject({ status: 'declined', declineReason: 'OVER_PURCHASE_LIMIT' });
    expect(await cardAccountBalance(t.db, cardId)).toBe(balance); // nothing moved
    expect(await purchase(cardId, 50_00)).toMatchObject({ status: 'completed', declineReason: null });
    expect(await purchase(cardId, 40_00)).toMatchObject({ status: 'completed' });
    expect(await purchase(cardId, 10_01)).toMatchObject({ status: 'declined', declineReason: 'OVER_MONTHLY_LIMIT' });
    expect(await purchase(cardId, 10_00)).toMatchObject({ status: 'completed' });

    const limits = CardLimits.parse((await api(user, 'GET', `/api/cards/${cardId}/limits`)).body.data);
    expect(limits.spentThisMonth.amount).toBe(100_00);
    const trades = (await api(user, 'GET', `/api/cards/${cardId}/trades?limit=20`)).body.data.items as Trade[];
    expect(trades.filter((trade) => trade.status === 'declined').map((trade) => trade.declineReason).sort()).toEqual(['OVER_MONTHLY_LIMIT', 'OVER_PURCHASE_LIMIT']);
  });

  it('cleared (null), a purchase passes again; a declined purchase or a refund does not change what counts', async () => {
    const { user, cardId } = await activeCard();
    expect((await setLimits(user, cardId, null, 20_00)).status).toBe(200);
    expect(await purchase(cardId, 20_01)).toMatchObject({ status: 'declined', declineReason: 'OVER_MONTHLY_LIMIT' });
    expect((await setLimits(user, cardId, null, null)).status).toBe(200);
    expect((await api(null, 'GET', `/api/dev/cards/${cardId}/issuer-limits`)).body.data).toMatchObject({ perPurchase: null, monthly: null });
    expect(await purchase(cardId, 200_00)).toMatchObject({ status: 'completed' });
  });

  it('a purchase the program declines (not enough money) frees what the issuer held for it', async () => {
    const { user, cardId } = await activeCard();
    expect((await setLimits(user, cardId, null, 250_00)).status).toBe(200);
    expect(await purchase(cardId, 240_00)).toMatchObject({ status: 'completed' });
    // 60.00 left on the card, 10.00 left of the month: the issuer's monthly limit answers first.
    expect(await purchase(cardId, 20_00)).toMatchObject({ status: 'declined', declineReason: 'OVER_MONTHLY_LIMIT' });
    expect((await setLimits(user, cardId, null, 350_00)).status).toBe(200);
    // Within the limit (240 + 100 ≤ 350), so the issuer holds it; the program declines it: more than the card holds.
    expect(await purchase(cardId, 100_00)).toMatchObject({ status: 'declined', declineReason: 'INSUFFICIENT_FUNDS' });
    // The 100.00 hold was freed: 240 + 60 = 300 ≤ 350 passes (with the hold kept it would be 400).
    expect(await purchase(cardId, 60_00)).toMatchObject({ status: 'completed' });
  });

  it('purchases racing never pass the monthly limit together (20 at once, room for 5)', async () => {
    const { user, cardId } = await activeCard();
    expect((await setLimits(user, cardId, null, 50_00)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => purchase(cardId, 10_00)));
    expect(results.filter((trade) => trade.status === 'completed')).toHaveLength(5);
    expect(results.filter((trade) => trade.declineReason === 'OVER_MONTHLY_LIMIT')).toHaveLength(15);
    const two = await Promise.all([purchase(cardId, 1), purchase(cardId, 1)]);
    expect(two.map((trade) => trade.declineReason)).toEqual(['OVER_MONTHLY_LIMIT', 'OVER_MONTHLY_LIMIT']);
    const limits = CardLimits.parse((await api(user, 'GET', `/api/cards/${cardId}/limits`)).body.data);
    expect(limits.spentThisMonth.amount).toBe(50_00);
    const completed = (await t.db.query<{ sum: number }>(`SELECT coalesce(sum(amount), 0)::bigint AS sum FROM card_trades WHERE card_id = $1 AND status = 'completed'`, [cardId]))[0]!;
    expect(Number(completed.sum)).toBe(50_00);
  });

  it('the month is the calendar month in UTC: the allowance renews at 00:00 UTC on the 1st', async () => {
    const start = t.clock.now();
    try {
      t.clock.set(new Date('2030-01-31T23:30:00.000Z'));
      const { user, cardId } = await activeCard();
      t.clock.set(new Date('2030-01-31T23:59:59.000Z'));
      await refreshSessionOf(t, user);
      expect((await setLimits(user, cardId, null, 50_00)).status).toBe(200);
      expect(await purchase(cardId, 50_00)).toMatchObject({ status: 'completed' });
      expect(await purchase(cardId, 1)).toMatchObject({ status: 'declined', declineReason: 'OVER_MONTHLY_LIMIT' });
      t.clock.set(new Date('2030-02-01T00:00:00.000Z'));
      await refreshSessionOf(t, user);
      const limits = CardLimits.parse((await api(user, 'GET', `/api/cards/${cardId}/limits`)).body.data);
      expect(limits).toMatchObject({ spentThisMonth: { amount: 0 }, monthStartsAt: '2030-02-01T00:00:00.000Z', monthEndsAt: '2030-03-01T00:00:00.000Z' });
      expect(await purchase(cardId, 50_00)).toMatchObject({ status: 'completed' });
      expect(await purchase(cardId, 1)).toMatchObject({ status: 'declined', declineReason: 'OVER_MONTHLY_LIMIT' });
    } finally {
      t.clock.set(start);
    }
  });

  it.each([
    [{ perPurchase: 0, monthly: null }, 'perPurchase'],
    [{ perPurchase: -5, monthly: null }, 'perPurchase'],
    [{ perPurchase: 1.5, monthly: null }, 'perPurchase'],
    [{ perPurchase: null, monthly: 1e15 }, 'monthly'],
    [{ perPurchase: 200, monthly: 100 }, 'perPurchase'],
    [{ perPurchase: '100', monthly: null }, 'perPurchase'],
    [{ perPurchase: null }, 'monthly'],
    [{ perPurchase: null, monthly: null, extra: 1 }, 'body'],
  ])('refuses %j with 400 (field %s), changes nothing', async (body, field) => {
    const { user, cardId } = await activeCard();
    const res = await api(user, 'PATCH', `/api/cards/${cardId}/limits`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.error.fields).join(' ')).toContain(field === 'body' ? '' : field);
    expect((await api(null, 'GET', `/api/dev/cards/${cardId}/issuer-limits`)).body.data).toMatchObject({ perPurchase: null, monthly: null });
  });

  it("another user's card is 404 for reading and setting; a card the issuer does not know yet is 409", async () => {
    const { user, cardId } = await activeCard();
    const stranger = await newUser(t);
    for (const res of [await api(stranger, 'GET', `/api/cards/${cardId}/limits`), await setLimits(stranger, cardId, 100, null), await api(stranger, 'GET', `/api/cards/${cardId}/delivery`)]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('CARD_NOT_FOUND');
    }
    expect((await api(null, 'GET', `/api/cards/${cardId}/limits`)).status).toBe(401);
    await setIssuerMode(t, { delayMs: 600_000 });
    await fundWallet(t.db, user.id, 100_00);
    const pending = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    const res = await setLimits(user, pending.body.data.id, 100, null);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CARD_STATUS_CONFLICT');
    expect(CardLimits.parse((await api(user, 'GET', `/api/cards/${pending.body.data.id}/limits`)).body.data).editable).toBe(false);
  });
});

describe('delivery address at ordering', () => {
  const order = async (user: TestUser, deliveryAddress: unknown, productId = 'prd_visa_physical_usd') =>
    createCard(t, user, { productId, initialDeposit: 50_00, deliveryAddress }); // undefined: the key is left out of the JSON
  const us = { country: 'US', recipient: 'Ada Lovelace', line1: '1600 Pennsylvania Ave NW', city: 'Washington', region: 'DC', postcode: '20500' };

  it.each([
    ['RU', TEST_DELIVERY_ADDRESS],
    ['US ZIP+4', { ...us, postcode: '20500-0003' }],
    ['FR without postcode', { country: 'FR', recipient: 'Élise Martin', line1: '10 rue de Rivoli', city: 'Paris' }],
    ['GB postcode, lower case', { country: 'gb', recipient: 'Ada Lovelace', line1: '10 Downing Street', city: 'London', postcode: 'sw1a 2aa' }],
    ['Cyrillic, spaces to collapse', { country: 'RU', recipient: '  Иван   Петров ', line1: 'ул. Ленина, д. 1, кв. 2', city: 'Санкт-Петербург', postcode: '190000' }],
  ])('accepts %s and stores it with the card', async (_, address) => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 200_00);
    const res = await order(user, address);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const delivery = CardDelivery.parse((await api(user, 'GET', `/api/cards/${res.body.data.id}/delivery`)).body.data);
    expect(delivery.stage).toBe('ordered');
    expect(delivery.address.country).toBe(String(address.country).toUpperCase());
    expect(delivery.address.recipient).not.toMatch(/^\s|\s$|\s\s/);
    if (address.country === 'gb') expect(delivery.address.postcode).toBe('SW1A 2AA');
  });

  it.each([
    ['no address for a physical card', undefined, 'deliveryAddress'],
    ['RU postcode of 5 digits', { ...TEST_DELIVERY_ADDRESS, postcode: '12500' }, 'deliveryAddress.postcode'],
    ['RU without postcode', { ...TEST_DELIVERY_ADDRESS, postcode: undefined }, 'deliveryAddress.postcode'],
    ['US without a state', { ...us, region: undefined }, 'deliveryAddress.region'],
    ['US with an unknown state', { ...us, region: 'XX' }, 'deliveryAddress.region'],
    ['US ZIP of letters', { ...us, postcode: 'ABCDE' }, 'deliveryAddress.postcode'],
    ['a country we do not ship to', { ...TEST_DELIVERY_ADDRESS, country: 'XX' }, 'deliveryAddress.country'],
    ['markup', { ...TEST_DELIVERY_ADDRESS, line1: '<script>alert(1)</script>' }, 'deliveryAddress.line1'],
    ['a bidi override', { ...TEST_DELIVERY_ADDRESS, city: 'Mos\u202Ecow' }, 'deliveryAddress.city'],
    ['emoji', { ...TEST_DELIVERY_ADDRESS, recipient: 'Ada 😀' }, 'deliveryAddress.recipient'],
    ['an empty street', { ...TEST_DELIVERY_ADDRESS, line1: '   ' }, 'deliveryAddress.line1'],
    ['a huge street', { ...TEST_DELIVERY_ADDRESS, line1: 'a'.repeat(10_000) }, 'deliveryAddress.line1'],
    ['a street of 101 characters', { ...TEST_DELIVERY_ADDRESS, line1: 'a'.repeat(101) }, 'deliveryAddress.line1'],
    ['an unknown field', { ...TEST_DELIVERY_ADDRESS, floor: 3 }, 'deliveryAddress'],
    ['a number for the city', { ...TEST_DELIVERY_ADDRESS, city: 42 }, 'deliveryAddress.city'],
    ['SQL in the postcode', { ...TEST_DELIVERY_ADDRESS, country: 'DE', postcode: "1'; DROP TABLE cards;--" }, 'deliveryAddress.postcode'],
  ])('refuses %s with 400 naming the field, and charges nothing', async (_, address, field) => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 200_00);
    const res = await order(user, address);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.error.fields).some((key) => key.startsWith(field))).toBe(true);
    expect(await walletBalance(t.db, user.id)).toBe(200_00);
    expect((await api(user, 'GET', '/api/cards')).body.data.items).toEqual([]);
  });

  it('a virtual card refuses an address', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 200_00);
    const res = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00, deliveryAddress: TEST_DELIVERY_ADDRESS });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.deliveryAddress).toMatch(/virtual/);
  });
});

describe('shipping status', () => {
  /** A physical card ordered while the sandbox issuer waits (10 min per step): the dev control moves it on. */
  const orderedCard = async () => {
    await setIssuerMode(t, { delayMs: 600_000 });
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 200_00);
    const res = await createCard(t, user, { productId: 'prd_visa_physical_usd', initialDeposit: 50_00 });
    expect(res.status).toBe(200);
    await drain(); // our issue job: the issuer accepts it
    return { user, cardId: res.body.data.id as string };
  };
  const delivery = async (user: TestUser, cardId: string) => CardDelivery.parse((await api(user, 'GET', `/api/cards/${cardId}/delivery`)).body.data);
  const advance = async (cardId: string) => {
    const res = await api(null, 'POST', `/api/dev/cards/${cardId}/shipment/advance`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.stage as string;
  };

  it('goes ordered → made → shipped → delivered with times, driven by the dev control; the card is activatable once shipped', async () => {
    const { user, cardId } = await orderedCard();
    expect(await delivery(user, cardId)).toMatchObject({ stage: 'ordered', madeAt: null, shippedAt: null, deliveredAt: null, address: { country: 'RU', postcode: '125009' } });
    expect(await advance(cardId)).toBe('ordered'); // the issuer's processing: into production
    expect((await getCard(t, user, cardId)).status).toBe('fabricating');
    t.clock.advance(60);
    expect(await advance(cardId)).toBe('made');
    const made = await delivery(user, cardId);
    expect(made).toMatchObject({ stage: 'made', madeAt: t.clock.now().toISOString(), shippedAt: null });
    expect(made).toMatchObject({ tracking: null, expectedAt: null });
    t.clock.advance(60);
    expect(await advance(cardId)).toBe('shipped');
    expect((await getCard(t, user, cardId)).status).toBe('inactive');
    // The carrier's name and tracking number come with the shipment, and when it is expected (the sandbox: 5 days).
    const shipped = await delivery(user, cardId);
    expect(shipped.tracking).toEqual({ carrier: expect.any(String), number: expect.stringMatching(/^[A-Z0-9]{8,30}$/), url: null });
    expect(Date.parse(shipped.expectedAt!) - Date.parse(shipped.shippedAt!)).toBe(5 * 86_400_000);
    t.clock.advance(60);
    expect(await advance(cardId)).toBe('delivered');
    const done = await delivery(user, cardId);
    expect(done).toMatchObject({ stage: 'delivered', madeAt: made.madeAt, deliveredAt: t.clock.now().toISOString() });
    expect(Date.parse(done.madeAt!)).toBeLessThan(Date.parse(done.shippedAt!));
    expect(Date.parse(done.shippedAt!)).toBeLessThan(Date.parse(done.deliveredAt!));
    // The scheduled steps, run late, change nothing.
    t.clock.advance(300);
    await drain();
    expect(await delivery(user, cardId)).toEqual(done);
    const again = await api(null, 'POST', `/api/dev/cards/${cardId}/shipment/advance`);
    expect(again.body.data.stage).toBe('delivered');
  });

  it('without the dev control the sandbox issuer delivers by itself', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 200_00);
    const res = await createCard(t, user, { productId: 'prd_visa_physical_usd', initialDeposit: 50_00 });
    for (let i = 0; i < 6; i += 1) await drain();
    expect((await delivery(user, res.body.data.id)).stage).toBe('delivered');
  });

  it('the issuer webhook is idempotent: a redelivery or a late earlier stage changes nothing; an unknown card is not handled', async () => {
    const { user, cardId } = await orderedCard();
    const signer = new SandboxCardIssuer({ db: t.db, clock: t.clock, registry: new JobRegistry(), atRestKey: sandboxAtRestKey(undefined, t.config.jwtSecret) });
    const post = (event: Parameters<SandboxCardIssuer['webhookFor']>[0]) => {
      const { rawBody, headers } = signer.webhookFor(event);
      return t.call({ method: 'POST', url: '/api/webhooks/card-issuer', payload: rawBody, headers });
    };
    const shipped = { type: 'card.shipment' as const, cardRef: cardId, stage: 'shipped' as const, at: '2030-01-05T10:00:00.000Z' };
    const first = await post(shipped);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ handled: true });
    expect((await post(shipped)).body).toEqual(first.body);
    // A shipped card was made: the time of "made" is filled from it.
    expect(await delivery(user, cardId)).toMatchObject({ stage: 'shipped', madeAt: shipped.at, shippedAt: shipped.at, deliveredAt: null });
    expect((await post({ ...shipped, stage: 'made', at: '2030-01-04T10:00:00.000Z' })).status).toBe(200);
    expect((await post({ ...shipped, at: '2030-01-06T10:00:00.000Z' })).status).toBe(200);
    expect(await delivery(user, cardId)).toMatchObject({ stage: 'shipped', madeAt: shipped.at, shippedAt: shipped.at });
    await post({ ...shipped, stage: 'delivered', at: '2030-01-07T10:00:00.000Z' });
    await post({ ...shipped, stage: 'shipped', at: '2030-01-08T10:00:00.000Z' });
    expect(await delivery(user, cardId)).toMatchObject({ stage: 'delivered', deliveredAt: '2030-01-07T10:00:00.000Z' });
    expect((await post({ ...shipped, cardRef: 'crd_unknown' })).body.data).toMatchObject({ handled: false });
    // Tracking sent later fills in; a redelivery without it keeps it.
    const tracking = { carrier: 'Почта России', number: 'RA123456789RU', url: 'https://www.pochta.ru/tracking?barcode=RA123456789RU' };
    await post({ ...shipped, stage: 'shipped', at: '2030-01-05T10:00:00.000Z', tracking, expectedAt: '2030-01-09T00:00:00.000Z' });
    expect(await delivery(user, cardId)).toMatchObject({ tracking, expectedAt: '2030-01-09T00:00:00.000Z' });
    await post({ ...shipped, stage: 'delivered', at: '2030-01-07T10:00:00.000Z' });
    expect((await delivery(user, cardId)).tracking).toEqual(tracking);
    // What the issuer sends is input too: markup, a page that is not https, a date that is not one are refused.
    for (const wrong of [
      { tracking: { ...tracking, carrier: '<b>x</b>' } },
      { tracking: { ...tracking, number: 'x'.repeat(200) } },
      { tracking: { ...tracking, url: 'javascript:alert(1)' } },
      { expectedAt: 'soon' },
    ]) {
      const refused = signer.webhookFor({ ...shipped, ...wrong } as typeof shipped);
      expect((await t.call({ method: 'POST', url: '/api/webhooks/card-issuer', payload: refused.rawBody, headers: refused.headers })).status).toBe(400);
    }
    const bad = signer.webhookFor({ ...shipped, at: 'yesterday' });
    expect((await t.call({ method: 'POST', url: '/api/webhooks/card-issuer', payload: bad.rawBody, headers: bad.headers })).status).toBe(400);
  });

  it('a virtual card has no delivery (409) and cannot be advanced', async () => {
    const { user, cardId } = await activeCard();
    const res = await api(user, 'GET', `/api/cards/${cardId}/delivery`);
    expect(res.status).toBe(409);
    expect((await api(null, 'POST', `/api/dev/cards/${cardId}/shipment/advance`)).status).toBe(409);
  });
});
