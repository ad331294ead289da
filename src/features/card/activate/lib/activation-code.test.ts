import { describe, expect, it } from 'vitest';
import { extractActivationCode, isActivationCode } from './activation-code';

describe('activation code', () => {
  it('accepts exactly 6 digits', () => {
    expect(isActivationCode('123456')).toBe(true);
    expect(isActivationCode('12345')).toBe(false);
    expect(isActivationCode('1234567')).toBe(false);
    expect(isActivationCode('12345a')).toBe(false);
  });

  it.each([
    ['123456', '123456'],
    ['  654321\n', '654321'],
    ['https://issuer.example/activate?card=ab&code=246810', '246810'],
    ['Activation code: 135 790', '135790'],
    ['Envelope 2025 — your code 112233', '112233'],
  ])('finds the code in %j', (text, code) => {
    expect(extractActivationCode(text)).toBe(code);
  });

  it.each(['no digits here', '12345', '111111 and 222222', '1234567'])('finds none in %j', (text) => {
    expect(extractActivationCode(text)).toBeNull();
  });
});
