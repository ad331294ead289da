import type { FastifyInstance } from 'fastify';
import { cardsDelivery, cardsLimits, cardsSetLimits } from '@/shared/contract/card-controls';
import { route } from '../../http/route';
import { getCardDelivery } from './service/delivery';
import { getCardLimits, setCardLimits } from './service/limits';
import type { CardsDeps } from './service/shared';

/** Card controls (issue #14): spending limits and the delivery of a physical card (docs/api.md "Card controls"). */
export const registerCardControlRoutes = (app: FastifyInstance, deps: CardsDeps): void => {
  route(app, cardsLimits, ({ requireUser, params }) => getCardLimits(deps, requireUser().userId, params.id));
  route(app, cardsSetLimits, ({ requireUser, params, body }) => setCardLimits(deps, requireUser().userId, params.id, body));
  route(app, cardsDelivery, ({ requireUser, params }) => getCardDelivery(deps, requireUser().userId, params.id));
};
