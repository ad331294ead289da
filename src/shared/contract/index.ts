export * from './core';
export * from './headers';
export * from './errors';
export * from './auth';
export * from './person-name';
export * from './users';
export * from './wallet';
export * from './config';
export * from './cards';
export * from './promo';

import type { EndpointDef } from './core';
import { authLogin, authLogout, authRefreshToken, authRegister, authSendCode, authVerifyCode } from './auth';
import { cardsActivate, cardsBalance, cardsCreate, cardsGet, cardsList, cardsProduct, cardsProducts, cardsSensitive, cardsTopUp, cardsTrades, cardsTransactions, cardsUpdateStatus } from './cards';
import { configExchangeRates, configGet } from './config';
import { promoMyCode, promoMyReferrals } from './promo';
import { usersMe } from './users';
import { walletExchange, walletGet, walletSbpCreate, walletSbpGet, walletTransactions } from './wallet';

/**
 * Every endpoint by id: the 26 calls of SPEC §7 plus `wallet.sbpGet` (an addition, docs/api.md "SBP") and
 * `auth.logout` (an addition: server-side sign-out, docs/server.md "Auth").
 * Keys equal each endpoint's `id` (checked by contract.test.ts); `endpoints['cards.get']` keeps its exact type.
 */
export const endpoints = {
  'auth.register': authRegister,
  'auth.login': authLogin,
  'auth.sendCode': authSendCode,
  'auth.verifyCode': authVerifyCode,
  'auth.refreshToken': authRefreshToken,
  'auth.logout': authLogout,
  'users.me': usersMe,
  'wallet.get': walletGet,
  'wallet.transactions': walletTransactions,
  'wallet.sbpCreate': walletSbpCreate,
  'wallet.sbpGet': walletSbpGet,
  'wallet.exchange': walletExchange,
  'cards.list': cardsList,
  'cards.create': cardsCreate,
  'cards.get': cardsGet,
  'cards.balance': cardsBalance,
  'cards.trades': cardsTrades,
  'cards.transactions': cardsTransactions,
  'cards.activate': cardsActivate,
  'cards.updateStatus': cardsUpdateStatus,
  'cards.sensitive': cardsSensitive,
  'cards.topUp': cardsTopUp,
  'cards.products': cardsProducts,
  'cards.product': cardsProduct,
  'config.get': configGet,
  'config.exchangeRates': configExchangeRates,
  'promo.myCode': promoMyCode,
  'promo.myReferrals': promoMyReferrals,
} as const satisfies Record<string, EndpointDef<any, any, any, any>>;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
/** All endpoints as a list (route registration, OpenAPI). */
export const endpointList: ReadonlyArray<Endpoints[EndpointId]> = Object.values(endpoints);
