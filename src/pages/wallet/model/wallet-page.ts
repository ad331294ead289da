/**
 * /wallet: refresh everything on screen (button, pull-to-refresh) past the cache; a deep link
 * (/wallet?topup=sbp&amount=…, lib/deep-link.ts) opens its sheet once, then the parameters are dropped.
 */
import { combine, createEffect, createEvent, sample } from 'effector';
import { appConfigRequested } from '@/entities/app-config';
import { exchangeRatesRefetchRequested, exchangeRatesRequested } from '@/entities/exchange-rate';
import { $isAuthenticated, sessionStarted } from '@/entities/session';
import { $transactionsRefreshing, transactionsReloadRequested, transactionsRequested } from '@/entities/transaction';
import { $walletRefreshing, walletRefetchRequested, walletRequested } from '@/entities/wallet';
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

/**
 * The first paint's GETs (balances, quotes for the total, the first history page, the config): the same queries
 * the page's gates start. Started early when the app opens on /wallet with a signed-in session: boot requests
 * this chunk before the platform and i18n start, so it is usually there when boot announces the session
 * (`sessionStarted`, before the app's first render); the requests then run in parallel with that render instead
 * of after the page mounted (issue #13). The gates later find them in flight (the entities do not restart a
 * pending first load) or fresh in the cache: no second request. Chunk not there yet: the gates start them.
 */
export const walletPageDataRequested = createEvent();
sample({ clock: walletPageDataRequested, target: [walletRequested, exchangeRatesRequested, transactionsRequested, appConfigRequested] });

/** Whether the app opened on the wallet (this chunk also serves screens that share its code). */
export const openedOnWalletFx = createEffect(() => window.location.pathname === routePaths.wallet);
sample({ clock: sessionStarted, filter: $isAuthenticated, target: openedOnWalletFx });
sample({ clock: openedOnWalletFx.doneData, filter: Boolean, target: walletPageDataRequested });

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
