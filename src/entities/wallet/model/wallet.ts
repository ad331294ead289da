/**
 * The wallet (GET /api/wallet): balances per currency (USD then RUB) and the user's USDT deposit tag.
 * docs/api.md "Wallet".
 */
import { combine, createEvent, sample } from 'effector';
import { createApiQuery, createRefetch, errorMessageOf, queryState } from '@/shared/api';
import { walletGet, type Currency, type WalletBalance } from '@/shared/contract';

export const walletQuery = createApiQuery(walletGet);

/** Load the wallet (the cached copy when it is fresh). */
export const walletRequested = createEvent();
/** Ask the server again now (refresh button, after a money movement). */
export const walletRefetchRequested = createEvent();
const walletRefetch = createRefetch(walletQuery, 'wallet.get');

const $wallet = walletQuery.$data;
/** SPEC §4 query state: 'pending' until the first answer. */
export const $walletState = queryState(walletQuery);
/** SPEC §8 "Failed to fetch wallet" (or a more precise transport message). */
export const $walletError = errorMessageOf(walletQuery, 'errors:wallet.fetchWalletFailed');
/** A request is running while data is already shown (refresh indicator). */
export const $walletRefreshing = combine(walletQuery.$pending, walletQuery.$data, (pending, wallet) => pending && wallet !== null);

export const $balances = $wallet.map((wallet): WalletBalance[] => wallet?.balances ?? []);
export const $usdtDepositTag = $wallet.map((wallet) => wallet?.usdtDepositTag ?? null);
/** Spendable amount per currency (minor units); null until the wallet is loaded. */
export const $available = $wallet.map((wallet): Record<Currency, number> | null => {
  if (!wallet) return null;
  const available: Record<Currency, number> = { USD: 0, RUB: 0 };
  for (const balance of wallet.balances) available[balance.currency] = balance.available.amount;
  return available;
});

// A load asked for while one is in flight joins it (a restart would abort it and send the same request again).
sample({ clock: walletRequested, filter: walletQuery.$pending.map((pending) => !pending), fn: () => undefined, target: walletQuery.start });
sample({ clock: walletRefetchRequested, fn: () => undefined, target: walletRefetch });
