/**
 * POST /api/cards/sensitive: the issuer encrypts PAN/expiry/CVV to the browser's ECDH key; the test is the
 * browser (WebCrypto, non-extractable private key). Then: the plaintext is nowhere in our database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SensitiveData, SensitivePlaintext } from '@/shared/contract/cards';
import { sandboxAtRestKey } from '../../server/adapters/card-issuer';
import { isLuhnValid } from '../../server/sandbox';
import { open, seal } from '../../server/adapters/card-issuer/crypto';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import type { TestApp } from './harness';
import { browserKeyPair, decrypt } from './sensitive-keys';
import { createCard, expectLedgerBalanced, fundWallet, getCard, newUser, refreshSessionOf, type TestUser, useCardsApp } from './card-helpers';

let t: TestApp;
useCardsApp((app) => (t = app));
afterEach(() => expectLedgerBalanced(t.db));

const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });

const issued = async (productId = 'prd_visa_virtual_usd', deposit = 20_00) => {
  const user = await newUser(t, { firstName: 'Grace', lastName: 'Hopper' });
  await fundWallet(t.db, user.id, 200_00);
  const res = await createCard(t, user, { productId, initialDeposit: deposit });
  expect(res.status).toBe(200);
  await drain();
  return { user, card: await getCard(t, user, res.body.data.id) };
};

/** The browser side of docs/api.md "Sensitive card data". */

const reveal = (user: TestUser, cardId: string, publicKey: object) =>
  t.call({ method: 'POST', url: '/api/cards/sensitive', payload: { cardId, publicKey }, headers: user.headers });

/** Every row of every table in our schema, as JSON text. */
const dumpDatabase = async (): Promise<Array<{ table: string; text: string }>> => {
  const tables = await t.db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`);
  const rows: Array<{ table: string; text: string }> = [];
  for (const { tablename } of tables) {
    for (const row of await t.db.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${tablename}" x`)) rows.push({ table: tablename, text: row.j });
  }
  return rows;
};

describe('sensitive card data', () => {
  it('round trip: only the browser key decrypts; the data matches the card; the card id is bound in', async () => {
    const { user, card } = await issued();
    const { pair, publicJwk } = await browserKeyPair();
    const res = await reveal(user, card.id, publicJwk); // ext/key_ops as WebCrypto exports them are accepted
    expect(res.status).toBe(200);
    const data = SensitiveData.parse(res.body.data);
    expect(data.algorithm).toBe('ECDH-ES-P256+HKDF-SHA256+A256GCM');
    expect(Buffer.from(data.iv, 'base64url')).toHaveLength(12);
    expect(new Date(data.expiresAt).getTime() - t.clock.now().getTime()).toBe(60_000);

    const plain = SensitivePlaintext.parse(await decrypt(pair.privateKey, data, card.id));
    expect(isLuhnValid(plain.pan)).toBe(true);
    expect(plain.pan.startsWith('4')).toBe(true); // Visa
    expect(plain.pan.slice(-4)).toBe(card.last4);
    expect(plain.cvv).toMatch(/^\d{3}$/);
    expect({ month: plain.expiryMonth, year: plain.expiryYear }).toEqual({ month: 1, year: 2034 }); // 4 years after the 2030-01 clock
    expect(plain.cardholderName).toBe('GRACE HOPPER');

    // Bound to the card id (AES-GCM additional data), and to this key pair.
    await expect(decrypt(pair.privateKey, data, `${card.id}x`)).rejects.toThrow();
    const other = await browserKeyPair();
    await expect(decrypt(other.pair.privateKey, data, card.id)).rejects.toThrow();
    // A new reveal is a new ephemeral key and IV.
    const second = SensitiveData.parse((await reveal(user, card.id, publicJwk)).body.data);
    expect(second.ephemeralPublicKey.x).not.toBe(data.ephemeralPublicKey.x);
    expect(SensitivePlaintext.parse(await decrypt(pair.privateKey, second, card.id))).toEqual(plain);

    // Audited, without any key material.
    const audit = await t.db.query<{ user_id: string }>('SELECT user_id FROM card_sensitive_reveals WHERE card_id = $1', [card.id]);
    expect(audit).toEqual([{ user_id: user.id }, { user_id: user.id }]);

    // The plaintext is in no table, in no form; the issuer's store holds it sealed with the sandbox issuer key.
    const dump = await dumpDatabase();
    expect(dump.length).toBeGreaterThan(50);
    const leaks = dump.filter(({ text }) => text.includes(plain.pan) || text.includes(plain.pan.slice(0, 12)) || /"cvv"/i.test(text) || text.includes(`${plain.pan.slice(0, 4)} ${plain.pan.slice(4, 8)}`));
    expect(leaks).toEqual([]);
    const [stored] = await t.db.query<{ secret_box: string }>('SELECT secret_box FROM sandbox_card_issuer_cards WHERE card_ref = $1', [card.id]);
    expect(stored!.secret_box).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const sealed = JSON.parse(open(sandboxAtRestKey(undefined, t.config.jwtSecret), card.id, stored!.secret_box)) as { pan: string; cvv: string };
    expect(sealed).toMatchObject({ pan: plain.pan, cvv: plain.cvv });
    expect(() => open(sandboxAtRestKey(undefined, 'another-secret-another-secret-0000'), card.id, stored!.secret_box)).toThrow(/does not open/);
    const [cardRow] = await t.db.query<Record<string, unknown>>('SELECT * FROM cards WHERE id = $1', [card.id]);
    expect(Object.keys(cardRow!).filter((k) => /pan|cvv|expir|number/i.test(k))).toEqual([]);
  });

  it('refuses invalid keys, cards without data to show, and other users', async () => {
    const { user, card } = await issued();
    const notOnCurve = { kty: 'EC', crv: 'P-256', x: randomBytes(32).toString('base64url'), y: randomBytes(32).toString('base64url') };
    const invalid = await reveal(user, card.id, notOnCurve);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ service: 'cards', code: 'INVALID_PUBLIC_KEY', fields: { publicKey: expect.any(String) } });
    const wrongCurve = await reveal(user, card.id, { ...notOnCurve, crv: 'P-384' });
    expect(wrongCurve.status).toBe(400);
    expect(wrongCurve.body.error.code).toBe('VALIDATION_ERROR');

    const { publicJwk } = await browserKeyPair();
    const stranger = await newUser(t);
    const foreign = await reveal(stranger, card.id, publicJwk);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('CARD_NOT_FOUND');

    const pendingUser = await newUser(t);
    await fundWallet(t.db, pendingUser.id, 100_00);
    const pending = await createCard(t, pendingUser, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    const early = await reveal(pendingUser, pending.body.data.id, publicJwk);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'SENSITIVE_DATA_UNAVAILABLE', message: expect.stringContaining('still being issued') });
    await drain();

    const physical = await issued('prd_visa_physical_usd', 50_00);
    expect(physical.card.status).toBe('inactive');
    const inactive = await reveal(physical.user, physical.card.id, publicJwk);
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.code).toBe('SENSITIVE_DATA_UNAVAILABLE');

    // Secrets sealed under another key (the issuer key changed): a clear 502, never a 500.
    const { user: other, card: otherCard } = await issued();
    await t.db.query('UPDATE sandbox_card_issuer_cards SET secret_box = $2 WHERE card_ref = $1', [
      otherCard.id,
      seal(sandboxAtRestKey(undefined, 'another-secret-another-secret-0000'), otherCard.id, '{}'),
    ]);
    const unreadable = await reveal(other, otherCard.id, publicJwk);
    expect(unreadable.status).toBe(502);
    expect(unreadable.body.error).toMatchObject({ code: 'ISSUER_ERROR', message: expect.stringContaining('SECRETS_UNREADABLE') });

    await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'under_verification' } });
    expect((await reveal(user, card.id, publicJwk)).body.error.code).toBe('ACCOUNT_UNDER_VERIFICATION');
  });

  it('frozen cards can still be revealed; reveals are rate-limited per card', async () => {
    const { user, card } = await issued();
    await t.call({ method: 'PATCH', url: `/api/cards/${card.id}/status`, payload: { action: 'freeze' }, headers: { ...user.headers, 'idempotency-key': randomUUID() } });
    await drain();
    expect((await getCard(t, user, card.id)).status).toBe('frozen');
    const { publicJwk } = await browserKeyPair();
    for (let i = 0; i < 10; i++) expect((await reveal(user, card.id, publicJwk)).status).toBe(200);
    const limited = await reveal(user, card.id, publicJwk);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    t.clock.advance(3601);
    await refreshSessionOf(t, user);
    expect((await reveal(user, card.id, publicJwk)).status).toBe(200);
  });
});
