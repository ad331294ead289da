import type { FastifyInstance } from 'fastify';
import { promoMyCode, promoMyReferrals } from '@/shared/contract';
import { route } from '../../http/route';
import type { PromoService } from './service';

export const registerPromoRoutes = (app: FastifyInstance, promo: PromoService): void => {
  route(app, promoMyCode, ({ requireUser }) => promo.myCode(requireUser().userId));
  route(app, promoMyReferrals, ({ requireUser, query }) => promo.myReferrals(requireUser().userId, query));
};
