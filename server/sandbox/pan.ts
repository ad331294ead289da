import { randomInt } from 'node:crypto';
import type { CardScheme } from '@/shared/contract/cards';

/** Luhn check digit for the digits before it. */
const luhnCheckDigit = (partial: string): number => {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
};

export const isLuhnValid = (pan: string): boolean => /^\d+$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === Number(pan.at(-1));

/** Sandbox BIN ranges per scheme (test ranges of the networks' public numbering; never real cards). */
const PREFIX: Record<CardScheme, { prefix: () => string; length: number }> = {
  visa: { prefix: () => '4' + String(randomInt(0, 100_000)).padStart(5, '0'), length: 16 },
  mastercard: { prefix: () => String(randomInt(51, 56)) + String(randomInt(0, 10_000)).padStart(4, '0'), length: 16 },
  unionPay: { prefix: () => '62' + String(randomInt(0, 10_000)).padStart(4, '0'), length: 16 },
  amex: { prefix: () => (randomInt(0, 2) ? '34' : '37') + String(randomInt(0, 10_000)).padStart(4, '0'), length: 15 },
  discover: { prefix: () => '6011' + String(randomInt(0, 100)).padStart(2, '0'), length: 16 },
  other: { prefix: () => '9' + String(randomInt(0, 100_000)).padStart(5, '0'), length: 16 },
};

const randomDigits = (count: number): string => Array.from({ length: count }, () => String(randomInt(0, 10))).join('');

/** A Luhn-valid sandbox card number of the scheme. */
export const generatePan = (scheme: CardScheme): string => {
  const { prefix, length } = PREFIX[scheme];
  const head = prefix();
  const partial = head + randomDigits(length - head.length - 1);
  return partial + String(luhnCheckDigit(partial));
};

export const generateCvv = (scheme: CardScheme): string => randomDigits(scheme === 'amex' ? 4 : 3);

/** Six digits, as printed in the physical card's envelope. */
export const generateActivationCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
