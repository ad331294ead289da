/**
 * Transaction details (issue #14 "History"): GET one wallet history row, one card transaction and one card trade by id, for the app's
 * details sheet. Reads what the wallet and cards modules store; moves no money. docs/api.md "Transaction details".
 */
import type { FastifyInstance } from 'fastify';
import { cardsTradeGet, cardsTransactionGet, walletTransactionGet } from '@/shared/contract';
import { route } from '../../http/route';
import { defineModule, type ModuleDeps } from '../module';
import { TransactionDetailsService } from './service';

export { TransactionDetailsService } from './service';

const registerTransactionDetails = (app: FastifyInstance, { db }: ModuleDeps): void => {
  const details = new TransactionDetailsService({ db, warn: (msg, data = {}) => app.log.warn(data, msg) });
  route(app, walletTransactionGet, ({ user, params, lang }) =>
    details.walletTransaction(user.userId, params.transactionId, lang),
  );
  route(app, cardsTransactionGet, ({ user, params, lang }) =>
    details.cardTransaction(user.userId, params.id, params.transactionId, lang),
  );
  route(app, cardsTradeGet, ({ user, params, lang }) =>
    details.cardTrade(user.userId, params.id, params.tradeId, lang),
  );
};

export const transactionDetailsModule = defineModule({ name: 'transaction-details', register: registerTransactionDetails });
