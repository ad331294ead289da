import { describe, expect, it } from 'vitest';
import { dayRangeInstants, localDateValue, parseLocalDate, periodInstants } from './period';

const now = new Date(2030, 4, 15, 13, 45);

describe('periods in local time', () => {
  it('names periods as [from, to) instants', () => {
    expect(periodInstants('all', now)).toEqual({});
    expect(periodInstants('thisMonth', now)).toEqual({ from: new Date(2030, 4, 1).toISOString() });
    expect(periodInstants('lastMonth', now)).toEqual({ from: new Date(2030, 3, 1).toISOString(), to: new Date(2030, 4, 1).toISOString() });
    expect(periodInstants('last30Days', now)).toEqual({ from: new Date(2030, 3, 16).toISOString() });
    expect(periodInstants('lastMonth', new Date(2030, 0, 10))).toEqual({ from: new Date(2029, 11, 1).toISOString(), to: new Date(2030, 0, 1).toISOString() });
  });

  it('turns inclusive day ranges into instants, refusing bad or reversed ones', () => {
    expect(dayRangeInstants('2030-05-01', '2030-05-31')).toEqual({ from: new Date(2030, 4, 1).toISOString(), to: new Date(2030, 5, 1).toISOString() });
    expect(dayRangeInstants('2030-05-02', '2030-05-01')).toBeNull();
    expect(dayRangeInstants('2030-02-30', '2030-03-01')).toBeNull();
    expect(dayRangeInstants('', '2030-03-01')).toBeNull();
    expect(localDateValue(new Date(2030, 0, 5))).toBe('2030-01-05');
    expect(parseLocalDate('2030-01-05')?.getDate()).toBe(5);
  });
});
