/**
 * Referral programme (docs/server.md "Referral program"): GET /api/promo/my-code and /my-referrals, and the
 * handler of the cards module's 'referral.cardIssued' job that pays the referrer's bonus exactly once.
 */
import type { FastifyInstance } from 'fastify';
import { appJobRegistry, registerJobHandler } from '../../jobs';
import { CARD_JOBS } from '../cards';
import { defineModule, type ModuleDeps } from '../module';
import { registerPromoRoutes } from './routes';
import { PromoService, type ReferralCardIssuedPayload } from './service';
import type { PromoSettings } from './settings';

export { PromoService, promoBonusKey, referralDisplayName, referralIdOf, type BonusOutcome, type ReferralCardIssuedPayload } from './service';
export { DEFAULT_PROMO_BONUS_CENTS, loadPromoSettings, PromoSettingsError, type PromoSettings } from './settings';

/** Job kind the cards module enqueues when a referred user's card is issued (server/modules/cards/events.ts). */
export const REFERRAL_CARD_ISSUED_JOB = CARD_JOBS.referralCardIssued;

declare module 'fastify' {
  interface FastifyInstance {
    /** The referral programme service of this app (tests, scripts). */
    promo: PromoService;
  }
}

const registerPromo = (app: FastifyInstance, { db, clock }: ModuleDeps, settings: PromoSettings): void => {
  const promo = new PromoService({ db, clock, settings, log: app.log });
  registerPromoRoutes(app, promo);
  // In the app's own registry (the handler closes over this app's database and clock).
  registerJobHandler<ReferralCardIssuedPayload>(
    REFERRAL_CARD_ISSUED_JOB,
    async (payload) => {
      await promo.payCardIssueBonus(payload);
    },
    { registry: appJobRegistry(app) },
  );
  app.decorate('promo', promo);
};

export const promoModule = defineModule<PromoSettings>({ name: 'promo', register: registerPromo });
