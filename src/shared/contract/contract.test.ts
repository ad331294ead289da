import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ActivateCardBody,
  Card,
  CardProduct,
  CardStatusBody,
  CreateCardBody,
  type EndpointDef,
  type EndpointData,
  endpointList,
  endpoints,
  ERROR_CODES,
  ExchangeBody,
  ExchangeRates,
  MyPromoCode,
  Referral,
  SbpCreateBody,
  SensitiveBody,
  SensitiveData,
  SENSITIVE_ALGORITHM,
  SENSITIVE_HKDF_INFO,
  SensitivePlaintext,
  TopUpBody,
  UsdtDepositTag,
  Wallet,
  WalletTransaction,
  WalletTransactionsQuery,
} from './index';
import { buildOpenApiDocument } from './openapi';
import { opsEndpointList } from './ops';

/** SPEC §7, verbatim. */
const SPEC_CALLS = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/send-code',
  'POST /api/auth/verify-code',
  'POST /api/auth/refresh-token',
  'GET /api/users/me',
  'GET /api/wallet',
  'GET /api/wallet/transactions',
  'POST /api/wallet/sbp',
  'POST /api/wallet/exchange',
  'GET /api/cards',
  'POST /api/cards',
  'GET /api/cards/{id}',
  'GET /api/cards/{id}/balance',
  'GET /api/cards/{card_id}/trades',
  'GET /api/cards/{id}/transactions',
  'POST /api/cards/activate',
  'PATCH /api/cards/{id}/status',
  'POST /api/cards/sensitive',
  'POST /api/cards/{id}/topup',
  'GET /api/cards/products',
  'GET /api/cards/products/{id}',
  'GET /api/config',
  'GET /api/config/exchange-rates',
  'GET /api/promo/my-code',
  'GET /api/promo/my-referrals',
];
/** Additions beyond SPEC §7, each justified in docs/api.md. */
const ADDITIONS = [
  'GET /api/wallet/sbp/{paymentId}',
  'POST /api/auth/logout',
  'POST /api/statements/links',
  'POST /api/receipts/links',
  // Card controls (issue #14, docs/api.md "Card controls"):
  'GET /api/cards/{id}/limits',
  'PATCH /api/cards/{id}/limits',
  'GET /api/cards/{id}/delivery',
  // Card lifecycle (issue #14, docs/api.md "Card lifecycle").
  'POST /api/cards/{id}/close',
  'POST /api/cards/{id}/block',
  'POST /api/cards/{id}/replace',
  'POST /api/cards/{id}/withdraw',
  'GET /api/cards/archive',
  // Bot notification switches (issue 15, docs/api.md "Notifications").
  'GET /api/notifications/settings',
  'PATCH /api/notifications/settings',
  // The referral as a message the bot prepared (issue #35, docs/api.md "Promo").
  'POST /api/promo/share-message',
  // The activity centre (issue #35, docs/api.md "Activity").
  'GET /api/activity',
  'GET /api/activity/unread',
  'POST /api/activity/read',
  // Transaction details (issue #14, docs/api.md).
  'GET /api/wallet/transactions/{transactionId}',
  'GET /api/cards/{id}/transactions/{transactionId}',
  'GET /api/cards/{id}/trades/{tradeId}',
];
// Account and sessions (account.ts, issue #14 "Account" and #15 "Sessions").
ADDITIONS.push(
  'PATCH /api/users/me',
  'POST /api/users/me/email/send-code',
  'POST /api/users/me/email/confirm',
  'GET /api/users/me/deletion',
  'POST /api/users/me/delete',
  'GET /api/users/me/sessions',
  'POST /api/users/me/sessions/{sessionId}/end',
  'POST /api/users/me/sessions/end-others',
);
/** Issue #15 app lock (docs/api.md "App lock"). */
ADDITIONS.push(
  'GET /api/app-lock',
  'POST /api/app-lock/passcode',
  'POST /api/app-lock/off',
  'POST /api/app-lock/unlock',
  'POST /api/app-lock/unlock-biometric',
  'PATCH /api/app-lock/settings',
  'POST /api/app-lock/biometry',
  'POST /api/app-lock/biometry/remove',
);
/** Issue #36 transfers between users and payment requests (docs/api.md "Transfers between users"). */
ADDITIONS.push(
  'GET /api/transfers/profile',
  'PATCH /api/transfers/profile',
  'POST /api/transfers/recipient',
  'GET /api/transfers/limits',
  'POST /api/transfers',
  'POST /api/transfers/contact-picker',
  'POST /api/payment-requests',
  'GET /api/payment-requests',
  'GET /api/payment-requests/{requestId}',
  'POST /api/payment-requests/{requestId}/share',
  'POST /api/payment-requests/{requestId}/cancel',
);
/** Issue #36 withdrawals (docs/api.md "Withdrawals"). */
ADDITIONS.push(
  'GET /api/withdrawals/options',
  'GET /api/withdrawals/addresses',
  'POST /api/withdrawals/addresses',
  'POST /api/withdrawals/addresses/{addressId}/remove',
  'POST /api/withdrawals/email-code',
  'POST /api/withdrawals/usdt',
  'POST /api/withdrawals/sbp',
  'GET /api/withdrawals/{withdrawalId}',
);
/** Issue #31: the app tells the server its lock is on (the session is locked at the server; docs/api.md "App lock"). */
ADDITIONS.push('POST /api/app-lock/lock');
/** Issue #33: the app's errors reported to the server (docs/api.md "Client errors"). */
ADDITIONS.push('POST /api/client-errors');
/**
 * Calls outside /api/auth that go without a token: an error report must reach the server signed out too, and carries
 * nobody's identity (client-errors.ts).
 */
const UNAUTHENTICATED_ADDITIONS = ['clientErrors.report'];
const STATE_CHANGING = [
  'transfers.send',
  'withdrawals.usdt',
  'withdrawals.sbp',
  'wallet.sbpCreate',
  'wallet.exchange',
  'cards.create',
  'cards.activate',
  'cards.updateStatus',
  'cards.topUp',
  'cards.close',
  'cards.block',
  'cards.replace',
  'cards.withdraw',
];

const list = endpointList as ReadonlyArray<EndpointDef>;
const key = (e: EndpointDef) => `${e.method} ${e.path}`;

const NOW = '2025-01-02T03:04:05.000Z';
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const rub = (amount: number) => ({ amount, currency: 'RUB' as const });

describe('endpoint registry', () => {
  it('has every SPEC §7 call exactly once, plus only the documented additions', () => {
    expect(SPEC_CALLS).toHaveLength(26);
    const keys = list.map(key);
    for (const call of SPEC_CALLS) expect(keys.filter((k) => k === call), call).toHaveLength(1);
    expect(keys.filter((k) => !SPEC_CALLS.includes(k)).sort()).toEqual([...ADDITIONS].sort());
  });

  it('finds every endpoint the domain files define and registers each once, through its domain group', () => {
    // Every contract module (not only those index.ts re-exports): a new domain file is found too.
    const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./index.ts', '!./openapi.ts'], { eager: true });
    const isEndpoint = (value: unknown): value is EndpointDef =>
      typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value && 'response' in value;
    const isGroup = (name: string, value: unknown): value is Record<string, EndpointDef> =>
      /^[a-z][A-Za-z]*Endpoints$/.test(name) && typeof value === 'object' && value !== null && Object.values(value).every(isEndpoint);
    const found = new Set<EndpointDef>();
    for (const [file, exports] of Object.entries(modules)) {
      const defined = Object.values(exports).filter(isEndpoint);
      const groups = Object.entries(exports).filter(([name, value]) => isGroup(name, value)) as Array<[string, Record<string, EndpointDef>]>;
      if (defined.length > 0) expect(groups.map(([name]) => name), `${file} exports one <domain>Endpoints group`).toHaveLength(1);
      for (const [, group] of groups) expect(new Set(Object.values(group)), `${file}: its group lists every endpoint it defines`).toEqual(new Set(defined));
      for (const endpoint of defined) found.add(endpoint);
    }
    expect(found.size).toBeGreaterThanOrEqual(SPEC_CALLS.length);
    expect(new Set(list), 'index.ts composes every domain group').toEqual(found);
  });

  it('has unique ids equal to their registry keys', () => {
    const ids = list.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [k, e] of Object.entries(endpoints)) expect(e.id).toBe(k);
  });

  it('marks exactly the money-moving / state-changing calls idempotent', () => {
    const idempotent = list.filter((e) => e.idempotent).map((e) => e.id);
    expect(idempotent.sort()).toEqual([...STATE_CHANGING].sort());
    for (const e of list) if (e.method === 'GET') expect(e.idempotent, e.id).toBeFalsy();
  });

  it('sends auth calls without a token and every other call with it (SPEC §6)', () => {
    for (const e of list) expect(e.auth, e.id).toBe(e.path.startsWith('/api/auth/') || UNAUTHENTICATED_ADDITIONS.includes(e.id) ? 'none' : 'bearer');
  });

  it('declares a params schema with exactly the path placeholders', () => {
    for (const e of list) {
      const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const shape = e.params ? Object.keys((e.params as z.ZodMiniObject).shape).sort() : [];
      expect(shape, e.id).toEqual(names);
    }
  });

  it('rejects unknown keys in every request body (strict objects)', () => {
    for (const e of list.filter((x) => x.body && !x.path.startsWith('/api/auth/'))) {
      const json = z.toJSONSchema(e.body!, { io: 'input' }) as { additionalProperties?: unknown };
      expect(json.additionalProperties, e.id).toBe(false);
    }
  });

  it('keeps endpoint types through the registry', () => {
    expectTypeOf<EndpointData<(typeof endpoints)['cards.get']>>().toEqualTypeOf<z.infer<typeof Card>>();
    expectTypeOf(endpoints['cards.get'].path).toEqualTypeOf<string>();
  });
});

describe('wallet schemas', () => {
  const wallet = {
    balances: [
      { currency: 'USD', available: usd(10_050), held: usd(0) },
      { currency: 'RUB', available: rub(0), held: rub(0) },
    ],
    usdtDepositTag: '012345',
    updatedAt: NOW,
  };
  it('parses a wallet and validates the deposit tag', () => {
    expect(Wallet.safeParse(wallet).success).toBe(true);
    expect(UsdtDepositTag.safeParse('012345').success).toBe(true);
    for (const bad of ['012300', '12345', '1234567', 'abcdef']) expect(UsdtDepositTag.safeParse(bad).success, bad).toBe(false);
    expect(Wallet.safeParse({ ...wallet, balances: [{ currency: 'USD', available: { amount: 1.5, currency: 'USD' }, held: usd(0) }] }).success).toBe(false);
  });

  it('parses transactions by type with their details', () => {
    const base = { id: 't1', direction: 'debit', amount: usd(1000), status: 'completed', createdAt: NOW, finishedAt: NOW, failureCode: null, reference: null };
    const exchange = { ...base, type: 'currencyExchange', details: { counterAmount: rub(92_415), rate: '92.415', fee: usd(10), quoteId: 'q1' } };
    expect(WalletTransaction.safeParse(exchange).success).toBe(true);
    expect(WalletTransaction.safeParse({ ...exchange, type: 'sbpTopup' }).success).toBe(false);
    expect(WalletTransaction.safeParse({ ...exchange, type: 'bonus' }).success).toBe(false);
    expect(
      WalletTransaction.safeParse({ ...base, type: 'sbpTopup', direction: 'credit', details: { paymentId: 'p', orderId: 'o', invoiceId: null } }).success,
    ).toBe(true);
  });

  it('parses the transactions query from a query string', () => {
    expect(WalletTransactionsQuery.parse({ type: 'sbpTopup', currency: 'RUB', limit: '20' })).toEqual({ type: 'sbpTopup', currency: 'RUB', limit: 20 });
    expect(WalletTransactionsQuery.safeParse({ type: 'deposit' }).success).toBe(false);
    expect(WalletTransactionsQuery.safeParse({ limit: '500' }).success).toBe(false);
  });

  it('validates SBP and exchange bodies', () => {
    expect(SbpCreateBody.safeParse({ amount: 100_000 }).success).toBe(true);
    expect(SbpCreateBody.safeParse({ amount: 0 }).success).toBe(false);
    expect(SbpCreateBody.safeParse({ amount: 10.5 }).success).toBe(false);
    expect(SbpCreateBody.safeParse({ amount: 100, currency: 'RUB' }).success).toBe(false);
    expect(ExchangeBody.safeParse({ from: 'USD', to: 'RUB', amount: 1000, quoteId: 'q1' }).success).toBe(true);
    expect(ExchangeBody.safeParse({ from: 'USD', to: 'USD', amount: 1000, quoteId: 'q1' }).success).toBe(false);
    expect(ExchangeBody.safeParse({ from: 'USD', to: 'RUB', amount: -1, quoteId: 'q1' }).success).toBe(false);
    expect(ExchangeBody.safeParse({ from: 'USD', to: 'RUB', amount: 1000 }).success).toBe(false);
  });
});

describe('config schemas', () => {
  it('parses exchange rates with decimal-string rates only', () => {
    const rate = { from: 'USD', to: 'RUB', rate: '92.4150', feeBps: 50, quoteId: 'q1', expiresAt: NOW, updatedAt: NOW };
    expect(ExchangeRates.safeParse({ rates: [rate], updatedAt: NOW }).success).toBe(true);
    expect(ExchangeRates.safeParse({ rates: [{ ...rate, rate: 92.415 }], updatedAt: NOW }).success).toBe(false);
    expect(ExchangeRates.safeParse({ rates: [{ ...rate, rate: '-1' }], updatedAt: NOW }).success).toBe(false);
    expect(ExchangeRates.safeParse({ rates: [{ ...rate, feeBps: 10_001 }], updatedAt: NOW }).success).toBe(false);
  });
});

describe('cards schemas', () => {
  const card = {
    id: 'crd_1', status: 'active', statusReason: null, scheme: 'visa', form: 'virtual', currency: 'USD',
    maskedNumber: '•••• 1234', last4: '1234', cardholderName: 'IVAN PETROV', balance: usd(5000),
    productId: 'prd_1', productName: 'Virtual Visa', allowedActions: ['freeze', 'topup', 'reveal'], createdAt: NOW, updatedAt: NOW,
  };
  it('parses a card; statuses and schemes are exactly SPEC §3/§4 plus the end of life (issue #14)', () => {
    expect(Card.safeParse(card).success).toBe(true);
    expect(Card.safeParse({ ...card, status: 'pending', maskedNumber: null, last4: null }).success).toBe(true);
    for (const status of ['closing', 'closed', 'blocking', 'blocked']) expect(Card.safeParse({ ...card, status }).success, status).toBe(true);
    expect(Card.safeParse({ ...card, status: 'lost' }).success).toBe(false);
    expect(Card.safeParse({ ...card, status: 'terminated' }).success).toBe(false);
    expect(Card.safeParse({ ...card, scheme: 'mir' }).success).toBe(false);
    expect(Card.safeParse({ ...card, maskedNumber: '4111 1111 1111 1234' }).success).toBe(false);
  });

  it('parses a product', () => {
    const product = {
      id: 'prd_1', name: 'Virtual Visa', scheme: 'visa', form: 'virtual', currency: 'USD',
      issueCost: usd(1500), creationFee: usd(1000), issuingFee: usd(500), minimalDeposit: usd(1000),
      depositFee: { bps: 150, fixed: usd(0) }, depositRange: { min: usd(1000), max: usd(1_000_000) },
      description: 'd', requirements: ['Verified account'], available: true, imageUrl: null,
    };
    expect(CardProduct.safeParse(product).success).toBe(true);
    expect(CardProduct.safeParse({ ...product, depositFee: 1.5 }).success).toBe(false);
  });

  it('validates card request bodies', () => {
    expect(CreateCardBody.safeParse({ productId: 'prd_1', initialDeposit: 1000 }).success).toBe(true);
    expect(CreateCardBody.safeParse({ productId: '', initialDeposit: 1000 }).success).toBe(false);
    expect(ActivateCardBody.safeParse({ cardId: 'crd_1', activationCode: '123456' }).success).toBe(true);
    expect(ActivateCardBody.safeParse({ cardId: 'crd_1', activationCode: '12345' }).success).toBe(false);
    expect(CardStatusBody.safeParse({ action: 'freeze' }).success).toBe(true);
    expect(CardStatusBody.safeParse({ action: 'block' }).success).toBe(false);
    expect(TopUpBody.safeParse({ amount: 100 }).success).toBe(true);
    expect(TopUpBody.safeParse({ amount: 100, cardId: 'x' }).success).toBe(false);
  });

  it('accepts a WebCrypto-exported P-256 JWK and an encrypted answer', async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
    expect(SensitiveBody.safeParse({ cardId: 'crd_1', publicKey: jwk }).success).toBe(true);
    expect(SensitiveBody.safeParse({ cardId: 'crd_1', publicKey: { ...jwk, crv: 'P-384' } }).success).toBe(false);
    const answer = { algorithm: 'ECDH-ES-P256+HKDF-SHA256+A256GCM', ephemeralPublicKey: jwk, iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'abc_-', expiresAt: NOW };
    expect(SensitiveData.safeParse(answer).success).toBe(true);
    expect(SensitiveData.safeParse({ ...answer, iv: 'AA==' }).success).toBe(false);
  });
});

describe('sensitive data scheme (docs/api.md), end to end in WebCrypto', () => {
  const b64u = (bytes: ArrayBuffer | Uint8Array) =>
    Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');
  const aesKey = async (privateKey: CryptoKey, publicJwk: JsonWebKey, usage: KeyUsage) => {
    const publicKey = await crypto.subtle.importKey('jwk', publicJwk, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
    const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
    return crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(SENSITIVE_HKDF_INFO) },
      hkdf,
      { name: 'AES-GCM', length: 256 },
      false,
      [usage],
    );
  };

  it('the issuer encrypts to the client key; only the non-extractable private key decrypts', async () => {
    const cardId = 'crd_1';
    const client = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    const body = SensitiveBody.parse({ cardId, publicKey: await crypto.subtle.exportKey('jwk', client.publicKey) });

    // Issuer side.
    const eph = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plaintext = { pan: '4111111111111111', expiryMonth: 7, expiryYear: 2029, cvv: '123', cardholderName: 'IVAN PETROV' };
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(cardId) },
      await aesKey(eph.privateKey, body.publicKey, 'encrypt'),
      new TextEncoder().encode(JSON.stringify(plaintext)),
    );
    const answer = SensitiveData.parse({
      algorithm: SENSITIVE_ALGORITHM,
      ephemeralPublicKey: await crypto.subtle.exportKey('jwk', eph.publicKey),
      iv: b64u(iv),
      ciphertext: b64u(sealed),
      expiresAt: NOW,
    });

    // Client side.
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: Buffer.from(answer.iv, 'base64url'), additionalData: new TextEncoder().encode(cardId) },
      await aesKey(client.privateKey, answer.ephemeralPublicKey, 'decrypt'),
      Buffer.from(answer.ciphertext, 'base64url'),
    );
    expect(SensitivePlaintext.parse(JSON.parse(new TextDecoder().decode(opened)))).toEqual(plaintext);
    expect(client.privateKey.extractable).toBe(false);
  });
});

describe('promo schemas', () => {
  it('parses my code and referrals with SPEC statuses', () => {
    expect(MyPromoCode.safeParse({ code: 'ABCD1234', bonusPerReferral: usd(500), referralsCount: 3, activeCount: 1, totalEarned: usd(500) }).success).toBe(true);
    expect(MyPromoCode.safeParse({ code: 'abcd', bonusPerReferral: usd(500), referralsCount: 3, activeCount: 1, totalEarned: usd(500) }).success).toBe(false);
    const referral = { id: 'u2', name: 'Ivan P.', status: 'Active', registeredAt: NOW, bonus: usd(500) };
    expect(Referral.safeParse(referral).success).toBe(true);
    expect(Referral.safeParse({ ...referral, status: 'Registered', bonus: null }).success).toBe(true);
    expect(Referral.safeParse({ ...referral, status: 'active' }).success).toBe(false);
  });
});

describe('error catalogue', () => {
  it('has valid statuses and includes QUOTE_EXPIRED', () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(info.status >= 400 && info.status < 600, code).toBe(true);
    }
    expect(ERROR_CODES.QUOTE_EXPIRED.status).toBe(409);
  });
});

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument({ serverUrl: 'https://api.example.test' });
  const all = [...list, ...(opsEndpointList as ReadonlyArray<EndpointDef>)];

  it('is OpenAPI 3.1 with one operation per endpoint', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect((doc.servers as Array<{ url: string }>)[0]!.url).toBe('https://api.example.test');
    for (const e of all) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op, e.id).toBeDefined();
      expect(op!.operationId).toBe(e.id);
      expect(op!.responses['200'], e.id).toBeDefined();
      expect(op!.responses['4XX'], e.id).toBeDefined();
    }
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(ops).toHaveLength(all.length);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });

  it('declares path params, query params, bodies, security and Idempotency-Key', () => {
    for (const e of all) {
      const op = doc.paths[e.path]![e.method.toLowerCase()]!;
      const pathParams = op.parameters.filter((p) => p.in === 'path').map((p) => p.name).sort();
      expect(pathParams, e.id).toEqual([...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      expect(op.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && p.required), e.id).toBe(!!e.idempotent);
      expect(!!op.requestBody, e.id).toBe(!!e.body);
      expect(op.security, e.id).toEqual(e.auth === 'bearer' ? [{ bearerAuth: [] }] : e.auth === 'operator' ? [{ operatorAuth: [] }] : []);
      expect((op as { 'x-roles'?: string[] })['x-roles'], e.id).toEqual(e.roles ? [...e.roles] : undefined);
    }
    const tx = doc.paths['/api/wallet/transactions']!.get!;
    expect(tx.parameters.map((p) => p.name).sort()).toEqual(['currency', 'cursor', 'from', 'limit', 'q', 'to', 'type']);
    expect(tx.parameters.every((p) => !p.required)).toBe(true);
  });

  it('wraps data in the success envelope and resolves every $ref', () => {
    const ok = doc.paths['/api/cards/{id}']!.get!.responses['200'] as any;
    const schema = ok.content['application/json'].schema;
    expect(schema.properties.success).toEqual({ type: 'boolean', const: true });
    expect(schema.properties.data.properties.status.enum).toHaveLength(11 + 4);

    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.push(v);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      const target = ref.slice(2).split('/').reduce<any>((node, part) => node?.[part], doc);
      expect(target, ref).toBeDefined();
    }
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
