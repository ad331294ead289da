import type { FastifyInstance } from 'fastify';
import { promoMyCode, promoMyReferrals } from '@/shared/contract';
import { route } from '../../http/route';
import type { PromoService } from './service';

export const registerPromoRoutes = (app: FastifyInstance, promo: PromoService): void => {
  route(app, promoMyCode, ({ user }) => promo.myCode(user.userId));
  route(app, promoMyReferrals, ({ user, query }) => promo.myReferrals(user.userId, query));
};
