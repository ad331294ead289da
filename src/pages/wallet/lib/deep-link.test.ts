import { describe, expect, it } from 'vitest';
import { parseWalletDeepLink } from './deep-link';

const parse = (query: string) => parseWalletDeepLink(new URLSearchParams(query));

describe('wallet deep links', () => {
  it('opens the right sheet', () => {
    expect(parse('topup=usdt')).toEqual({ kind: 'usdt' });
    expect(parse('topup=sbp&amount=150000')).toEqual({ kind: 'sbp', amount: 150000 });
    expect(parse('action=exchange&from=RUB')).toEqual({ kind: 'exchange', from: 'RUB' });
    expect(parse('action=exchange')).toEqual({ kind: 'exchange' });
  });

  it('ignores bad values', () => {
    expect(parse('')).toBeNull();
    expect(parse('topup=card')).toBeNull();
    expect(parse('topup=sbp&amount=-5')).toEqual({ kind: 'sbp' });
    expect(parse('topup=sbp&amount=1e9')).toEqual({ kind: 'sbp' });
    expect(parse('topup=sbp&amount=0')).toEqual({ kind: 'sbp' });
    expect(parse('action=exchange&from=EUR')).toEqual({ kind: 'exchange' });
  });
});
