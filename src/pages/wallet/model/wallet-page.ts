/** /wallet: refresh everything on screen (button, pull-to-refresh) past the cache. */
import { combine, createEffect, createEvent, sample } from 'effector';
import { exchangeRatesRefetchRequested } from '@/entities/exchange-rate';
import { $transactionsRefreshing, transactionsReloadRequested } from '@/entities/transaction';
import { $walletRefreshing, walletRefetchRequested } from '@/entities/wallet';
import { haptic } from '@/shared/platform';

export const walletPageRefreshed = createEvent();
export const $walletPageRefreshing = combine($walletRefreshing, $transactionsRefreshing, (wallet, history) => wallet || history);

const refreshHapticFx = createEffect(() => haptic.impact('light'));

sample({
  clock: walletPageRefreshed,
  filter: $walletPageRefreshing.map((busy) => !busy),
  target: [walletRefetchRequested, transactionsReloadRequested, exchangeRatesRefetchRequested, refreshHapticFx],
});
