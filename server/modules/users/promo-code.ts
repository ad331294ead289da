import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PROMO_CODE_LENGTH = 8;

/** A random referral promo code: 8 characters of A-Z0-9 (36^8 ≈ 2.8e12 possibilities). */
export const generatePromoCode = (): string =>
  Array.from({ length: PROMO_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
