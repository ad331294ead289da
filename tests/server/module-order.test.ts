/**
 * Modules are registered from one list with their settings passed in (docs/server.md "Modules"): the list's order
 * carries no meaning. Reversed, cards still gets the limits GET /api/config publishes (it used to read them from the
 * wallet module's decorator, so it had to come after it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverModules } from '../../server/modules';
import { createCard, fundWallet, newUser, spreadClientIps } from './card-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CARDS_MAX_PER_USER: '1' }, modules: (settings) => serverModules(settings).reverse() });
  spreadClientIps(t);
});
afterAll(() => t.close());

describe('the module list in reverse order', () => {
  it('every module is there, and cards enforces the card limit GET /api/config publishes', async () => {
    const user = await newUser(t);
    const config = await t.call({ method: 'GET', url: '/api/config', headers: user.headers });
    expect(config.status).toBe(200);
    expect(config.body.data.cards.maxCards).toBe(1);
    expect((await t.call({ method: 'GET', url: '/api/health' })).status).toBe(200);

    await fundWallet(t.db, user.id, 100_00);
    expect((await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 10_00 })).status).toBe(200);
    const second = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 10_00 });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'CARD_LIMIT_REACHED', message: expect.stringContaining('1 cards') });
  });
});
