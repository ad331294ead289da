export * from './core';
export * from './headers';
export * from './errors';
export * from './auth';
export * from './person-name';
export * from './users';
export * from './wallet';
export * from './config';
export * from './cards';
export * from './card-controls';
export * from './delivery-address';
export * from './card-lifecycle';
export * from './promo';
export * from './account';
export * from './notifications';
export * from './activity';
export * from './statements';
export * from './receipts';
export * from './transaction-details';
export * from './app-lock';
export * from './transfers';
export * from './withdrawals';
export * from './tron-address';
export * from './client-errors';
export * from './mini-app-link';

import type { EndpointDef } from './core';
import { accountEndpoints } from './account';
import { activityEndpoints } from './activity';
import { appLockEndpoints } from './app-lock';
import { authEndpoints } from './auth';
import { cardsEndpoints } from './cards';
import { clientErrorsEndpoints } from './client-errors';
import { controlsEndpoints } from './card-controls';
import { lifecycleEndpoints } from './card-lifecycle';
import { configEndpoints } from './config';
import { notificationsEndpoints } from './notifications';
import { promoEndpoints } from './promo';
import { statementsEndpoints } from './statements';
import { receiptsEndpoints } from './receipts';
import { transfersEndpoints } from './transfers';
import { withdrawalsEndpoints } from './withdrawals';
import { detailsEndpoints } from './transaction-details';
import { usersEndpoints } from './users';
import { walletEndpoints } from './wallet';

/**
 * Every endpoint by id: the 26 calls of SPEC §7 plus `wallet.sbpGet` (an addition, docs/api.md "SBP"), `statements.createLink`
 * (an addition, docs/api.md "History search and statements") and
 * `auth.logout` (an addition: server-side sign-out, docs/auth.md "Auth"). Each domain file exports its group
 * (`<domain>Endpoints`); a new domain adds one line here. contract.test.ts finds every `defineEndpoint` export
 * itself and fails on one missing from here; keys equal each endpoint's `id`; `endpoints['cards.get']` keeps its type.
 */
export const endpoints = {
  ...authEndpoints,
  ...usersEndpoints,
  ...walletEndpoints,
  ...cardsEndpoints,
  ...controlsEndpoints,
  ...lifecycleEndpoints,
  ...configEndpoints,
  ...promoEndpoints,
  ...accountEndpoints,
  ...notificationsEndpoints,
  ...activityEndpoints,
  ...statementsEndpoints,
  ...receiptsEndpoints,
  ...detailsEndpoints,
  ...appLockEndpoints,
  ...transfersEndpoints,
  ...withdrawalsEndpoints,
  ...clientErrorsEndpoints,
} as const satisfies Record<string, EndpointDef<any, any, any, any>>;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;
/** All endpoints as a list (route registration, OpenAPI). */
export const endpointList: ReadonlyArray<Endpoints[EndpointId]> = Object.values(endpoints);
