/**
 * The browser's side of sensitive card data for server tests: a one-time ECDH key pair as WebCrypto exports it, and
 * the app's own decryption (src/features/card/reveal/lib/sensitive-crypto.ts), so the tests prove that what the server
 * seals is what the real client opens.
 */
import { expect } from 'vitest';

export { decryptSensitiveData as decrypt } from '../../src/features/card/reveal/lib/sensitive-crypto';

/** A non-extractable P-256 key pair; `publicJwk` exactly as WebCrypto exports it (with ext / key_ops). */
export const browserKeyPair = async () => {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
  expect(pair.privateKey.extractable).toBe(false);
  const publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { pair, publicJwk };
};
