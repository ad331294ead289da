/** The history list: loads the first page (and the config, for "7 of 19 confirmations") while mounted. */
import { sample } from 'effector';
import { createGate } from 'effector-react';
import { $usdtConfig, appConfigRequested } from '@/entities/app-config';
import { $transactions, groupTransactionsByDay, transactionsRequested } from '@/entities/transaction';

export const TransactionHistoryGate = createGate({ name: 'TransactionHistoryGate' });

/** Transactions grouped per local day (Today / Yesterday / date), newest first. */
export const $transactionDays = $transactions.map(groupTransactionsByDay);
export const $requiredConfirmations = $usdtConfig.map((config) => config?.confirmations ?? null);

sample({ clock: TransactionHistoryGate.open, target: [transactionsRequested, appConfigRequested] });
