/**
 * Sensitive card data crypto (docs/api.md "Sensitive card data"), browser side:
 *   1. a one-time ECDH P-256 key pair whose private key is NOT extractable; the public half goes to the server;
 *   2. K = HKDF-SHA-256(ECDH(private, issuer's ephemeral public), salt = empty, info = "card-sensitive-v1");
 *   3. AES-256-GCM decryption with additional data = UTF-8 of the card id (a ciphertext for another card
 *      does not open), then the plaintext is checked against the contract.
 * Any failure is a SensitiveDecryptionError ("Sensitive data decryption error", SPEC §8). Nothing here
 * logs or stores the plaintext.
 */
import {
  EcP256PublicJwk,
  SENSITIVE_ALGORITHM,
  SENSITIVE_HKDF_INFO,
  SensitivePlaintext,
  type SensitiveData,
} from '@/shared/contract';
import type * as z from 'zod/mini';

type PublicJwk = z.infer<typeof EcP256PublicJwk>;

export interface RevealKeyPair {
  /** Non-extractable: it never leaves WebCrypto. */
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
}

export class SensitiveDecryptionError extends Error {
  override readonly name = 'SensitiveDecryptionError';
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** A fresh key pair for one reveal. */
export async function createRevealKeyPair(): Promise<RevealKeyPair> {
  const pair = (await crypto.subtle.generateKey(ECDH, false, ['deriveBits'])) as CryptoKeyPair;
  const exported = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const publicJwk = EcP256PublicJwk.parse({ kty: exported.kty, crv: exported.crv, x: exported.x, y: exported.y });
  return { privateKey: pair.privateKey, publicJwk };
}

/** base64url without padding → bytes (throws on anything else). */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SensitiveDecryptionError('not base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The AES-GCM key both sides derive: HKDF-SHA-256 over the ECDH secret. */
async function deriveSensitiveKey(privateKey: CryptoKey, peerPublicJwk: JsonWebKey, usage: KeyUsage): Promise<CryptoKey> {
  const peer = await crypto.subtle.importKey('jwk', peerPublicJwk, ECDH, false, []);
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, privateKey, 256);
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(SENSITIVE_HKDF_INFO) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** Opens the issuer's answer for `cardId` with the reveal's private key. */
export async function decryptSensitiveData(privateKey: CryptoKey, data: SensitiveData, cardId: string): Promise<SensitivePlaintext> {
  try {
    if (data.algorithm !== SENSITIVE_ALGORITHM) throw new SensitiveDecryptionError('unknown algorithm');
    const iv = fromBase64Url(data.iv);
    if (iv.length !== 12) throw new SensitiveDecryptionError('bad iv');
    const key = await deriveSensitiveKey(privateKey, data.ephemeralPublicKey, 'decrypt');
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(cardId), tagLength: 128 },
      key,
      fromBase64Url(data.ciphertext),
    );
    const parsed = SensitivePlaintext.safeParse(JSON.parse(new TextDecoder().decode(opened)));
    if (!parsed.success) throw new SensitiveDecryptionError('unexpected plaintext');
    return parsed.data;
  } catch (error) {
    // Never pass the cause on: it might quote the plaintext (JSON parse errors do).
    if (error instanceof SensitiveDecryptionError) throw error;
    throw new SensitiveDecryptionError('decryption failed');
  }
}

/** "4111111111111111" → "4111 1111 1111 1111" (Amex 4-6-5). */
export function formatPan(pan: string): string {
  if (pan.length === 15) return `${pan.slice(0, 4)} ${pan.slice(4, 10)} ${pan.slice(10)}`;
  return pan.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 7, 2029 → "07/29". */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}
