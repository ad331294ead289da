/**
 * Transaction details (issue #14 "History"): GET one wallet history row, one card transaction and one card trade by id, for the app's
 * details sheet. Reads what the wallet and cards modules store; moves no money. docs/api.md "Transaction details".
 * This file is the module's plugin: each endpoint bound to its use case (details.ts), one line each.
 */
import { cardsTradeGet, cardsTransactionGet, walletTransactionGet } from '@/shared/contract';
import { routesWith } from '../../http/route';
import { defineModule } from '../module';
import { getCardTrade, getCardTransaction, getWalletTransaction } from './details';

export { cardTradeDetails, cardTransactionDetails, walletTransactionDetails, type DetailsDeps } from './details';

export const transactionDetailsModule = defineModule({
  name: 'transaction-details',
  register: (app, { db }) => {
    const bind = routesWith(app, { db, warn: (msg: string, data: object = {}) => app.log.warn(data, msg) });
    bind(walletTransactionGet, getWalletTransaction);
    bind(cardsTransactionGet, getCardTransaction);
    bind(cardsTradeGet, getCardTrade);
  },
});
