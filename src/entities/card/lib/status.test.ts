import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n';
import { statusHintKey } from './status';

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['card']);
});

describe('statusHintKey', () => {
  it('a physical card waiting for activation says where it is; delivered is never "on its way"', () => {
    expect(statusHintKey('inactive', 'shipped')).toBe('card:statusHint.inactiveShipment.shipped');
    expect(statusHintKey('inactive', 'delivered')).toBe('card:statusHint.inactiveShipment.delivered');
    expect(i18n.t(statusHintKey('inactive', 'delivered'))).not.toMatch(/on its way/i);
    expect(i18n.t(statusHintKey('inactive', 'delivered'))).toMatch(/delivered/);
  });

  it('without a known shipment, and for every other status, the status alone decides', () => {
    expect(statusHintKey('inactive', null)).toBe('card:statusHint.inactive');
    expect(statusHintKey('frozen', 'delivered')).toBe('card:statusHint.frozen');
    expect(statusHintKey('active', null)).toBe('card:statusHint.active');
  });
});
