/**
 * The SBP sheet's open state and its amount field (a Retry pre-fills it), loaded with the wallet screen.
 * The rest of the sheet (model/sbp-topup.ts, ui/sbp-topup-sheet.tsx) is a lazy chunk.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { appConfigRequested } from '@/entities/app-config';
import { currentLanguage } from '@/shared/i18n';
import { amountToInputText } from '@/shared/money';
import { haptic } from '@/shared/platform';

/** Open the sheet; `amount` (kopecks) pre-fills it (Retry from the payment-failed page). */
export const sbpTopUpOpened = createEvent<{ amount?: number } | void>();
export const sbpTopUpClosed = createEvent();
export const sbpAmountChanged = createEvent<string>();

export const $sbpTopUpOpen = createStore(false)
  .on(sbpTopUpOpened, () => true)
  .on(sbpTopUpClosed, () => false);

export const $sbpAmountText = createStore('')
  .on(sbpAmountChanged, (_, text) => text)
  .on(sbpTopUpOpened, (text, prefill) => (prefill && prefill.amount ? amountToInputText(prefill.amount, 'RUB', currentLanguage()) : text));

export const hapticSelectionFx = createEffect(() => haptic.selection());

sample({ clock: sbpTopUpOpened, target: [appConfigRequested, hapticSelectionFx] });
