import { describe, expect, it } from 'vitest';
import { parseRecipientInput } from './pay-link';

describe('parseRecipientInput', () => {
  it('reads payment links, codes and usernames; refuses anything else', () => {
    expect(parseRecipientInput('https://t.me/tonic_wallet_bot/app?startapp=pay_Ab3De5Gh7K')).toEqual({ payCode: 'Ab3De5Gh7K' });
    expect(parseRecipientInput('pay_Ab3De5Gh7K')).toEqual({ payCode: 'Ab3De5Gh7K' });
    expect(parseRecipientInput(' @ivan_petrov ')).toEqual({ username: 'ivan_petrov' });
    expect(parseRecipientInput('t.me/ivan_petrov')).toEqual({ username: 'ivan_petrov' });
    expect(parseRecipientInput('ivanpetrov')).toEqual({ username: 'ivanpetrov' });
    expect(parseRecipientInput('Ab3De5Gh7K')).toEqual({ payCode: 'Ab3De5Gh7K' });
    for (const bad of ['', '   ', "'; DROP TABLE", '@ab', 'https://evil.example/?startapp=pay_x', '<script>alert(1)</script>', 'a\u0000bcdef']) {
      expect(parseRecipientInput(bad), bad).toBeNull();
    }
  });
});
