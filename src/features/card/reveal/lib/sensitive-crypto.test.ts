import { describe, expect, it } from 'vitest';
import { sealSensitive, TEST_PLAINTEXT } from '@/entities/card/index.testing';
import { SensitiveBody } from '@/shared/contract';
import { revealSeconds, REVEAL_MAX_SECONDS } from './reveal-timing';
import {
  createRevealKeyPair,
  decryptSensitiveData,
  formatExpiry,
  formatPan,
  fromBase64Url,
  SensitiveDecryptionError,
} from './sensitive-crypto';

describe('sensitive data crypto (ECDH P-256 → HKDF-SHA-256 → AES-256-GCM)', () => {
  it('makes a non-extractable key pair whose public half the contract accepts', async () => {
    const pair = await createRevealKeyPair();
    expect(pair.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', pair.privateKey)).rejects.toThrow();
    expect(SensitiveBody.safeParse({ cardId: 'crd_1', publicKey: pair.publicJwk }).success).toBe(true);
    expect(Object.keys(pair.publicJwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  });

  it('decrypts what the issuer sealed for this key and this card', async () => {
    const pair = await createRevealKeyPair();
    const answer = await sealSensitive(pair.publicJwk, 'crd_1', TEST_PLAINTEXT);
    await expect(decryptSensitiveData(pair.privateKey, answer, 'crd_1')).resolves.toEqual(TEST_PLAINTEXT);
  });

  it('refuses a ciphertext for another card (the card id is bound in as additional data)', async () => {
    const pair = await createRevealKeyPair();
    const answer = await sealSensitive(pair.publicJwk, 'crd_other', TEST_PLAINTEXT);
    await expect(decryptSensitiveData(pair.privateKey, answer, 'crd_1')).rejects.toBeInstanceOf(SensitiveDecryptionError);
  });

  it('refuses an answer sealed for another key', async () => {
    const mine = await createRevealKeyPair();
    const theirs = await createRevealKeyPair();
    const answer = await sealSensitive(theirs.publicJwk, 'crd_1', TEST_PLAINTEXT);
    await expect(decryptSensitiveData(mine.privateKey, answer, 'crd_1')).rejects.toBeInstanceOf(SensitiveDecryptionError);
  });

  it('refuses a tampered ciphertext, a bad iv and an unexpected plaintext', async () => {
    const pair = await createRevealKeyPair();
    const answer = await sealSensitive(pair.publicJwk, 'crd_1', TEST_PLAINTEXT);
    const flipped = answer.ciphertext.startsWith('A') ? `B${answer.ciphertext.slice(1)}` : `A${answer.ciphertext.slice(1)}`;
    await expect(decryptSensitiveData(pair.privateKey, { ...answer, ciphertext: flipped }, 'crd_1')).rejects.toBeInstanceOf(SensitiveDecryptionError);
    await expect(decryptSensitiveData(pair.privateKey, { ...answer, iv: 'AAAA' }, 'crd_1')).rejects.toBeInstanceOf(SensitiveDecryptionError);
    const odd = await sealSensitive(pair.publicJwk, 'crd_1', { pan: 'not a pan', cvv: 1 });
    await expect(decryptSensitiveData(pair.privateKey, odd, 'crd_1')).rejects.toBeInstanceOf(SensitiveDecryptionError);
  });

  it('never puts the plaintext into the error', async () => {
    const pair = await createRevealKeyPair();
    const odd = await sealSensitive(pair.publicJwk, 'crd_1', { ...TEST_PLAINTEXT, cvv: 'x1y' });
    const error = await decryptSensitiveData(pair.privateKey, odd, 'crd_1').catch((e: unknown) => e as Error);
    expect(String(error)).not.toContain('4242424242424242');
    expect((error as Error & { cause?: unknown }).cause).toBeUndefined();
  });

  it('decodes base64url without padding', () => {
    expect([...fromBase64Url('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect(() => fromBase64Url('AQ==')).toThrow(SensitiveDecryptionError);
  });

  it('formats number and expiry', () => {
    expect(formatPan('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatPan('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry(7, 2029)).toBe('07/29');
    expect(formatExpiry(12, 2030)).toBe('12/30');
  });
});

describe('how long the data stays', () => {
  const now = Date.parse('2025-01-01T00:00:00.000Z');
  it('until expiresAt, at most 30 s', () => {
    expect(revealSeconds('2025-01-01T00:00:12.500Z', now)).toBe(12);
    expect(revealSeconds('2025-01-01T00:01:00.000Z', now)).toBe(REVEAL_MAX_SECONDS);
  });
  it('falls back to 30 s when expiresAt is past (device clock) or unreadable', () => {
    expect(revealSeconds('2024-12-31T23:59:00.000Z', now)).toBe(REVEAL_MAX_SECONDS);
    expect(revealSeconds('not a date', now)).toBe(REVEAL_MAX_SECONDS);
  });
});
