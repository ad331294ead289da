import { describe, expect, it } from 'vitest';
import { formatRate } from './format-rate';

describe('formatRate', () => {
  it('formats rates without float noise, per language', () => {
    expect(formatRate('92.2700', 'en')).toBe('92.27');
    expect(formatRate('0.01081000', 'en')).toBe('0.01081');
    expect(formatRate('92.2700', 'ru')).toBe('92,27');
    expect(formatRate('1234.5', 'en')).toBe('1,234.50');
  });
});
