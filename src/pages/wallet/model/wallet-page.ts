/**
 * /wallet: refresh everything on screen (button, pull-to-refresh) past the cache; a deep link
 * (/wallet?topup=sbp&amount=…, lib/deep-link.ts) opens its sheet once, then the parameters are dropped.
 */
import { combine, createEffect, createEvent, sample } from 'effector';
import { exchangeRatesRefetchRequested } from '@/entities/exchange-rate';
import { $transactionsRefreshing, transactionsReloadRequested } from '@/entities/transaction';
import { $walletRefreshing, walletRefetchRequested } from '@/entities/wallet';
import { exchangeOpened } from '@/features/exchange-currency';
import { sbpTopUpOpened } from '@/features/topup-sbp';
import { usdtTopUpOpened } from '@/features/topup-usdt';
import { routePaths } from '@/shared/config';
import { createPageLifecycle, navigateFx } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { parseWalletDeepLink, WALLET_LINK_PARAMS, type WalletDeepLink } from '../lib/deep-link';

export const walletPageRefreshed = createEvent();
export const $walletPageRefreshing = combine($walletRefreshing, $transactionsRefreshing, (wallet, history) => wallet || history);

const refreshHapticFx = createEffect(() => haptic.impact('light'));

sample({
  clock: walletPageRefreshed,
  filter: $walletPageRefreshing.map((busy) => !busy),
  target: [walletRefetchRequested, transactionsReloadRequested, exchangeRatesRefetchRequested, refreshHapticFx],
});

/** Opened with the URL's query string (a new one while open opens it again). */
export const walletPage = createPageLifecycle<{ search: string }>('walletPage');

const linkOpened = walletPage.opened.filterMap(({ search }) => {
  const params = new URLSearchParams(search);
  const link = parseWalletDeepLink(params);
  if (!link) return undefined;
  for (const name of WALLET_LINK_PARAMS) params.delete(name);
  const rest = params.toString();
  return { link, rest: rest ? `${routePaths.wallet}?${rest}` : routePaths.wallet };
});
const linkOf = <K extends WalletDeepLink['kind']>(kind: K) =>
  linkOpened.filterMap(({ link }) => (link.kind === kind ? (link as Extract<WalletDeepLink, { kind: K }>) : undefined));
sample({ clock: linkOf('usdt'), target: usdtTopUpOpened });
sample({ clock: linkOf('sbp'), fn: ({ amount }) => ({ amount }), target: sbpTopUpOpened });
sample({ clock: linkOf('exchange'), fn: ({ from }) => ({ from }), target: exchangeOpened });
// Once: the parameters leave the URL (the history entry is replaced).
sample({ clock: linkOpened, fn: ({ rest }) => ({ to: rest, replace: true }), target: navigateFx });
