/**
 * Passcode hashing (docs/auth.md "App lock"): scrypt (node:crypto) over HMAC-SHA-256(pepper, passcode), with a
 * per-user random salt; the parameters are stored with each hash so they can be raised later without breaking old
 * rows. The pepper is derived from JWT_SECRET: a copy of the database alone is not enough to try the 10^6 passcodes.
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface KdfParams {
  kdf: 'scrypt-hmac';
  n: number;
  r: number;
  p: number;
  keyLength: number;
}

/** N = 2^15, r = 8, p = 1 (32 MiB, about 0.12 s on the test machine), 32-byte key. */
export const CURRENT_KDF: KdfParams = { kdf: 'scrypt-hmac', n: 2 ** 15, r: 8, p: 1, keyLength: 32 };

export interface StoredPasscode extends KdfParams {
  hash: string;
  salt: string;
}

export const derivePepper = (secret: string): Buffer => createHmac('sha256', secret).update('tg-wallet:app-lock-passcode').digest();

const derive = (pepper: Buffer, passcode: string, salt: Buffer, params: KdfParams): Promise<Buffer> => {
  const options: ScryptOptions = { N: params.n, r: params.r, p: params.p, maxmem: 256 * params.n * params.r * params.p };
  const input = createHmac('sha256', pepper).update(passcode, 'utf8').digest();
  return new Promise((resolve, reject) =>
    scrypt(input, salt, params.keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
};

export const hashPasscode = async (pepper: Buffer, passcode: string, params: KdfParams = CURRENT_KDF): Promise<StoredPasscode> => {
  const salt = randomBytes(16);
  const key = await derive(pepper, passcode, salt, params);
  return { ...params, hash: key.toString('base64url'), salt: salt.toString('base64url') };
};

/** Constant-time comparison of the derived key with the stored one. */
export const verifyPasscode = async (pepper: Buffer, passcode: string, stored: StoredPasscode): Promise<boolean> => {
  const expected = Buffer.from(stored.hash, 'base64url');
  const key = await derive(pepper, passcode, Buffer.from(stored.salt, 'base64url'), { ...stored, keyLength: expected.length });
  return key.length === expected.length && timingSafeEqual(key, expected);
};
