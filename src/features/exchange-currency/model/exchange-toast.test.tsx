import { cleanup, render } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { isValidElement, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AmountsHiddenContext, i18n, initI18n } from '@/shared/i18n';
import { notify } from '@/shared/ui';
import { exchangeTexts } from '../i18n/texts';
import { toastFx } from './exchange';

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces([exchangeTexts.ns]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('exchange result toast and "hide balances"', () => {
  it('its amounts are formatted when the toast is displayed: masked while balances are hidden', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue('t1');
    const scope = fork();
    await allSettled(toastFx, {
      scope,
      params: {
        kind: 'success',
        message: `${exchangeTexts.ns}:done`,
        money: { debited: { amount: 100_00, currency: 'USD' }, credited: { amount: 9_180_86, currency: 'RUB' } },
      },
    });
    expect(success).toHaveBeenCalledTimes(1);
    const message = success.mock.calls[0]![0] as ReactNode;
    expect(isValidElement(message)).toBe(true); // not a string fixed at creation time
    const { container, rerender } = render(<AmountsHiddenContext.Provider value>{message}</AmountsHiddenContext.Provider>);
    expect(container.textContent).toBe('Exchanged $•••• → ₽••••');
    expect(container.textContent).not.toMatch(/100|9,180/);
    rerender(<AmountsHiddenContext.Provider value={false}>{message}</AmountsHiddenContext.Provider>);
    expect(container.textContent).toBe('Exchanged $100.00 → ₽9,180.86');
  });
});
