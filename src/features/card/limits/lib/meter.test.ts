import { describe, expect, it } from 'vitest';
import { meterValues } from './meter';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

describe('the monthly limit meter', () => {
  it('reports spent and limit in minor units while balances are shown', () => {
    expect(meterValues(usd(250_00), usd(1_000_00), false)).toEqual({ max: 1_000_00, now: 250_00, share: 0.25 });
    expect(meterValues(usd(1_200_00), usd(1_000_00), false)).toEqual({ max: 1_000_00, now: 1_000_00, share: 1 });
  });

  it('hide balances: only a percentage reaches the accessibility tree, no amount', () => {
    expect(meterValues(usd(250_00), usd(1_000_00), true)).toEqual({ max: 100, now: 25, share: 0.25 });
  });
});
