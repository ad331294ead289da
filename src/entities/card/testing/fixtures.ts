/**
 * Test fixtures for card slices (import from '@/entities/card/index.testing' in *.test.ts only):
 * contract-valid cards, products and pages, a fake API set up for a signed-in user, and the issuer's side
 * of the sensitive-data scheme (docs/api.md) to encrypt test answers.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer } from '@/shared/api/index.testing';
import {
  Card as CardSchema,
  SENSITIVE_ALGORITHM,
  SENSITIVE_HKDF_INFO,
  type Card,
  type SensitiveData,
  type SensitivePlaintext,
} from '@/shared/contract';

export const TEST_NOW = '2025-01-02T03:04:05.000Z';

export function makeCard(overrides: Partial<Card> = {}): Card {
  return CardSchema.parse({
    id: 'crd_1',
    status: 'active',
    statusReason: null,
    scheme: 'visa',
    form: 'virtual',
    currency: 'USD',
    maskedNumber: '•••• 4242',
    last4: '4242',
    cardholderName: 'IVAN PETROV',
    balance: { amount: 5_000, currency: 'USD' },
    productId: 'prd_visa',
    productName: 'Visa Virtual',
    allowedActions: ['freeze', 'topup', 'reveal'],
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
    ...overrides,
  });
}

export const pageOf = <T>(items: T[], nextCursor: string | null = null) => ({ items, nextCursor });

/** A fake API (global fetch) for a signed-in user; `server.on(method, path, handler)` per test. */
export function useCardsFakeApi() {
  const server = createFakeServer();
  beforeEach(() => {
    server.reset();
    localStorage.clear();
    sessionStorage.clear(); // pending Idempotency-Keys (shared/api) start empty too
    vi.stubGlobal('fetch', server.fetch);
    configureApi({ baseUrl: 'https://api.test', getInitData: () => undefined });
    tokenStorage.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return server;
}

const b64u = (bytes: ArrayBuffer | Uint8Array) => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * The issuer's half of docs/api.md "Sensitive card data": ephemeral P-256 key, ECDH with the client key,
 * HKDF-SHA-256 ("card-sensitive-v1"), AES-256-GCM with the card id as additional data.
 */
export async function sealSensitive(
  clientPublicJwk: JsonWebKey,
  cardId: string,
  plaintext: SensitivePlaintext | Record<string, unknown>,
  expiresAt = new Date(Date.now() + 60_000).toISOString(),
): Promise<SensitiveData> {
  const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const;
  const eph = (await crypto.subtle.generateKey(ecdh, true, ['deriveBits'])) as CryptoKeyPair;
  const peer = await crypto.subtle.importKey('jwk', clientPublicJwk, ecdh, false, []);
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, eph.privateKey, 256);
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(SENSITIVE_HKDF_INFO) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(cardId) },
    key,
    new TextEncoder().encode(JSON.stringify(plaintext)),
  );
  const exported = await crypto.subtle.exportKey('jwk', eph.publicKey);
  return {
    algorithm: SENSITIVE_ALGORITHM,
    ephemeralPublicKey: { kty: 'EC', crv: 'P-256', x: exported.x!, y: exported.y! },
    iv: b64u(iv),
    ciphertext: b64u(sealed),
    expiresAt,
  };
}

export const TEST_PLAINTEXT: SensitivePlaintext = {
  pan: '4242424242424242',
  expiryMonth: 7,
  expiryYear: 2029,
  cvv: '123',
  cardholderName: 'IVAN PETROV',
};
