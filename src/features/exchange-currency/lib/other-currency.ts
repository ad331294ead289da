import type { Currency } from '@/shared/contract';

/**
 * The other side of an exchange. A module of its own: the sheet's open state (model/sheet.ts, on the wallet's
 * first paint) needs only this, not the amount checks of the lazy sheet (exchange-check.ts).
 */
export const otherCurrency = (currency: Currency): Currency => (currency === 'USD' ? 'RUB' : 'USD');
