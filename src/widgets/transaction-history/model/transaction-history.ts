/** The history list: loads the first page (and the config, for "7 of 19 confirmations") while mounted. */
import { combine, sample } from 'effector';
import { createGate } from 'effector-react';
import { $usdtConfig, appConfigRequested } from '@/entities/app-config';
import { $transactions, $transactionsState, groupTransactionsByDay, transactionsRequested } from '@/entities/transaction';
import { walletSearch } from '@/features/history-search';

export const TransactionHistoryGate = createGate({ name: 'TransactionHistoryGate' });

/** Transactions grouped per local day (Today / Yesterday / date), newest first. */
export const $transactionDays = $transactions.map(groupTransactionsByDay);
/**
 * Search, filters and the statement are offered once there is history to search (issue #35): not to a new user whose
 * wallet has none yet (they see "No transactions yet" alone). While loading their place is kept; with a filter set
 * they stay, so a search that found nothing can be changed.
 */
export const $historyToolsShown = combine(
  $transactions,
  $transactionsState,
  walletSearch.$filtered,
  (transactions, state, filtered) => filtered || transactions.length > 0 || (state !== 'success' && state !== 'error'),
);
export const $requiredConfirmations = $usdtConfig.map((config) => config?.confirmations ?? null);

sample({ clock: TransactionHistoryGate.open, target: [transactionsRequested, appConfigRequested] });
