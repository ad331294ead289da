/**
 * /wallet: refresh everything on screen (button, pull-to-refresh) past the cache; a deep link
 * (/wallet?topup=sbp&amount=…, lib/deep-link.ts) opens its sheet once, then the parameters are dropped.
 */
import { combine, createEffect, createEvent, sample } from 'effector';
import { appConfigRequested } from '@/entities/app-config';
import { $appLocked } from '@/entities/app-lock';
import { exchangeRatesRefetchRequested, exchangeRatesRequested } from '@/entities/exchange-rate';
import { $isAuthenticated, $sessionStarted, sessionStarted } from '@/entities/session';
import { $transactionsRefreshing, transactionsReloadRequested, transactionsRequested } from '@/entities/transaction';
import { $walletRefreshing, walletRefetchRequested, walletRequested } from '@/entities/wallet';
import { exchangeOpened } from '@/features/exchange-currency';
import { sbpTopUpOpened } from '@/features/topup-sbp';
import { usdtTopUpOpened } from '@/features/topup-usdt';
import { routePaths } from '@/shared/config';
import { Currency } from '@/shared/contract';
import { currentLanguage, warmFormatters } from '@/shared/i18n';
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
 * the page's gates start. Started early when the app opens on /wallet with a signed-in session (issue #13): boot
 * requests this chunk before the platform and i18n start, and the requests go as soon as both the session is
 * announced (`sessionStarted`: API configured, tokens read) and this chunk is evaluated, whichever comes last —
 * not after the app-lock check, the render and the page's mount (~1 s later at 4x CPU throttling). The gates then
 * find them in flight (the entities do not restart a pending first load) or fresh in the cache: no second request.
 */
export const walletPageDataRequested = createEvent();
sample({ clock: walletPageDataRequested, target: [walletRequested, exchangeRatesRequested, transactionsRequested, appConfigRequested] });

/**
 * ICU's one-time set-up for the language — the page's first money and date formats, ~100–170 ms each at 4x CPU
 * throttling — done in a task after the one that sent the first paint's GETs, while the thread waits for them, so the
 * balances render with it done instead of paying it after the data came (issue #13).
 */
export const warmFormattersFx = createEffect(({ lang, currencies }: { lang: string; currencies: readonly string[] }) => {
  setTimeout(() => warmFormatters(lang, currencies), 0);
});
sample({ clock: walletPageDataRequested, fn: () => ({ lang: currentLanguage(), currencies: Currency.options }), target: warmFormattersFx });

/** This chunk has been evaluated (fired once, at the end of this module). */
export const walletModelLoaded = createEvent();
/** Whether the app is on the wallet (this chunk also serves screens that share its code). */
export const openedOnWalletFx = createEffect(() => window.location.pathname === routePaths.wallet);
// The session is announced while this chunk is there, or this chunk arrives once it was announced. Not while the
// app is locked (a device that knows of a lock starts locked): nothing of the account before the unlock.
const $signedInUnlocked = combine($isAuthenticated, $appLocked, (signedIn, locked) => signedIn && !locked);
sample({ clock: sessionStarted, filter: $signedInUnlocked, target: openedOnWalletFx });
sample({ clock: walletModelLoaded, filter: combine($sessionStarted, $signedInUnlocked, (started, ready) => started && ready), target: openedOnWalletFx });
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

walletModelLoaded();
