/**
 * The USDT sheet's open state and what opening it loads (config: address, minimum; wallet: the tag), loaded with
 * the wallet screen. The rest of the sheet (model/usdt-topup.ts, ui/usdt-topup-sheet.tsx, the QR code) is lazy.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { appConfigRequested } from '@/entities/app-config';
import { walletRequested } from '@/entities/wallet';
import { haptic } from '@/shared/platform';

export const usdtTopUpOpened = createEvent();
export const usdtTopUpClosed = createEvent();

export const $usdtTopUpOpen = createStore(false)
  .on(usdtTopUpOpened, () => true)
  .on(usdtTopUpClosed, () => false);

export const openedHapticFx = createEffect(() => haptic.selection());

sample({ clock: usdtTopUpOpened, target: [appConfigRequested, walletRequested, openedHapticFx] });
