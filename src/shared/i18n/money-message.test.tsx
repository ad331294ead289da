import { cleanup, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './instance';
import { moneyMessage } from './money-message';
import { AmountsHiddenContext } from './amounts-hidden';
import { defineTexts } from './slice-texts';
import { useFormatters } from './use-formatters';

/** A slice's text with two amounts (the exchange sheet's "done" toast). */
const texts = defineTexts('test-money-message', {
  en: async () => ({ default: { done: 'Exchanged {{debited}} → {{credited}}' } }),
  ru: async () => ({ default: { done: 'Обмен выполнен: {{debited}} → {{credited}}' } }),
});

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces([texts.ns]);
});
afterEach(cleanup);

const hidden = (value: boolean) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <AmountsHiddenContext.Provider value={value}>{children}</AmountsHiddenContext.Provider>;
  };

describe('moneyMessage: a text with amounts, formatted when it is displayed', () => {
  const message = moneyMessage(`${texts.ns}:done`, {
    debited: { amount: 100_00, currency: 'USD' },
    credited: { amount: 9_180_86, currency: 'RUB' },
  });

  it('shows the amounts while balances are shown', () => {
    const { container } = render(message, { wrapper: hidden(false) });
    expect(container.textContent).toBe('Exchanged $100.00 → ₽9,180.86');
  });

  it('masks every amount while balances are hidden (and follows a later change)', () => {
    const { container, rerender } = render(<AmountsHiddenContext.Provider value>{message}</AmountsHiddenContext.Provider>);
    expect(container.textContent).toBe('Exchanged $•••• → ₽••••');
    rerender(<AmountsHiddenContext.Provider value={false}>{message}</AmountsHiddenContext.Provider>);
    expect(container.textContent).toContain('$100.00');
  });
});

describe('useFormatters().exact: an exact decimal (a USDT amount)', () => {
  it('is shown as it is, and masked while balances are hidden', () => {
    expect(renderHook(() => useFormatters().exact('100.012345'), { wrapper: hidden(false) }).result.current).toBe('100.012345');
    expect(renderHook(() => useFormatters().exact('100.012345'), { wrapper: hidden(true) }).result.current).toBe('••••');
  });
});
