/**
 * The exchange sheet's open state and what opening it starts: a fresh quote (past the cache), the wallet and
 * the config, the 1-second clock of the quote's validity, a selection haptic. Light and loaded with the wallet
 * screen; the rest of the sheet (model/exchange.ts, ui/exchange-sheet.tsx) is a lazy chunk.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { appConfigRequested } from '@/entities/app-config';
import { exchangeRatesRefetchRequested } from '@/entities/exchange-rate';
import { walletRequested } from '@/entities/wallet';
import type { Currency } from '@/shared/contract';
import { haptic } from '@/shared/platform';
import { otherCurrency } from '../lib/other-currency';

/** Open the sheet; `from` picks the direction (/wallet?action=exchange&from=RUB). */
export const exchangeOpened = createEvent<{ from?: Currency } | void>();
export const exchangeClosed = createEvent();

export const $exchangeOpen = createStore(false)
  .on(exchangeOpened, () => true)
  .on(exchangeClosed, () => false);

export const $exchangeFrom = createStore<Currency>('USD').on(exchangeOpened, (from, options) => (options && options.from) || from);
export const $exchangeTo = $exchangeFrom.map(otherCurrency);

// ── clock (ticks every second while the sheet is open) ─────────────────────────────────────────────
export const readClockFx = createEffect(() => Date.now());
/** One second passes (tests replace it: fork({ handlers: [[waitSecondFx, ...]] })). */
export const waitSecondFx = createEffect(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));
export const $now = createStore(0).on(readClockFx.doneData, (_, now) => now);
sample({ clock: exchangeOpened, target: [readClockFx, waitSecondFx] });
sample({ clock: waitSecondFx.done, filter: $exchangeOpen, target: [readClockFx, waitSecondFx] });

export const hapticFx = createEffect((kind: 'selection' | 'success' | 'error' | 'warning') => {
  if (kind === 'selection') haptic.selection();
  else haptic.notification(kind);
});

sample({ clock: exchangeOpened, target: [exchangeRatesRefetchRequested, walletRequested, appConfigRequested] });
sample({ clock: exchangeOpened, fn: () => 'selection' as const, target: hapticFx });
