import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, webcrypto, type JsonWebKey } from 'node:crypto';
import {
  SENSITIVE_ALGORITHM,
  SENSITIVE_HKDF_INFO,
  type SensitiveData,
  type SensitivePlaintext,
} from '@/shared/contract/cards';

const { subtle } = webcrypto;
const utf8 = (text: string) => new TextEncoder().encode(text);
const b64u = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');

export class InvalidPublicKeyError extends Error {
  override name = 'InvalidPublicKeyError';
}

/** Imports a client ECDH P-256 public JWK; refuses anything that is not a point on the curve. */
export const importClientPublicKey = async (jwk: JsonWebKey): Promise<webcrypto.CryptoKey> => {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new InvalidPublicKeyError('The public key must be an EC P-256 JWK with x and y.');
  }
  if ('d' in jwk) throw new InvalidPublicKeyError('Send the public key only, never the private part (d).');
  try {
    return await subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, ext: true }, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  } catch {
    throw new InvalidPublicKeyError('The public key is not a valid P-256 point.');
  }
};

/**
 * docs/api.md "Sensitive card data", issuer side: ephemeral P-256 pair, Z = ECDH(eph, client),
 * K = HKDF-SHA-256(Z, salt = empty, info = "card-sensitive-v1", 256 bits), AES-256-GCM with a random
 * 12-byte IV and additional data = UTF-8 of the card id. Only the holder of the client's private key
 * can decrypt; this process forgets K and the plaintext as soon as it returns.
 */
export const encryptForClient = async (
  plaintext: SensitivePlaintext,
  clientPublicKey: JsonWebKey,
  cardId: string,
  expiresAt: Date,
): Promise<SensitiveData> => {
  const clientKey = await importClientPublicKey(clientPublicKey);
  const ephemeral = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as webcrypto.CryptoKeyPair;
  const shared = await subtle.deriveBits({ name: 'ECDH', public: clientKey }, ephemeral.privateKey, 256);
  const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8(SENSITIVE_HKDF_INFO) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const iv = randomBytes(12);
  const ciphertext = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(cardId) }, key, utf8(JSON.stringify(plaintext)));
  const ephemeralJwk = await subtle.exportKey('jwk', ephemeral.publicKey);
  return {
    algorithm: SENSITIVE_ALGORITHM,
    ephemeralPublicKey: { kty: 'EC', crv: 'P-256', x: ephemeralJwk.x!, y: ephemeralJwk.y! },
    iv: b64u(iv),
    ciphertext: b64u(ciphertext),
    expiresAt: expiresAt.toISOString(),
  };
};

// ── At rest: the sandbox issuer's own store ─────────────────────────────────────────────────────────

const BOX_VERSION = 'v1';

/** The sandbox issuer's at-rest key: CARD_ISSUER_SANDBOX_KEY (32 bytes, base64/base64url) or derived from the server secret. */
export const sandboxAtRestKey = (configured: string | undefined, serverSecret: string): Buffer => {
  if (configured) {
    const key = Buffer.from(configured, 'base64url');
    if (key.length !== 32) throw new Error('CARD_ISSUER_SANDBOX_KEY must be 32 bytes in base64/base64url');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'sandbox-card-issuer-at-rest-v1', 32));
};

/** AES-256-GCM with `context` (the card ref) as additional data: a box moved to another row does not open. */
export const seal = (key: Buffer, context: string, plaintext: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${BOX_VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
};

export class SealedBoxError extends Error {
  override name = 'SealedBoxError';
}

export const open = (key: Buffer, context: string, box: string): string => {
  const [version, ivText, bodyText] = box.split('.');
  if (version !== BOX_VERSION || !ivText || !bodyText) throw new SealedBoxError('Unknown sealed box format');
  const body = Buffer.from(bodyText, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedBoxError('The sealed box does not open with this key (was CARD_ISSUER_SANDBOX_KEY or JWT_SECRET changed?)');
  }
};
