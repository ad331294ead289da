import { describe, expect, it } from 'vitest';
import en from '@/shared/i18n/locales/en/cards.json';
import { statusHintKey } from './status';

describe('statusHintKey', () => {
  it('a physical card waiting for activation says where it is; delivered is never "on its way"', () => {
    expect(statusHintKey('inactive', 'shipped')).toBe('cards:statusHint.inactiveShipment.shipped');
    expect(statusHintKey('inactive', 'delivered')).toBe('cards:statusHint.inactiveShipment.delivered');
    expect(en.statusHint.inactiveShipment.delivered).not.toMatch(/on its way/i);
    expect(en.statusHint.inactiveShipment.delivered).toMatch(/delivered/);
  });

  it('without a known shipment, and for every other status, the status alone decides', () => {
    expect(statusHintKey('inactive', null)).toBe('cards:statusHint.inactive');
    expect(statusHintKey('frozen', 'delivered')).toBe('cards:statusHint.frozen');
    expect(statusHintKey('active', null)).toBe('cards:statusHint.active');
  });
});
