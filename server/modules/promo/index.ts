/**
 * Referral programme (docs/server.md "Referral program"): GET /api/promo/my-code and /my-referrals, and the
 * handler of the cards module's 'referral.cardIssued' job that pays the referrer's bonus exactly once.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { appJobRegistry, registerJobHandler } from '../../jobs';
import { CARD_JOBS } from '../cards';
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

export interface PromoModuleOptions {
  db: Db;
  clock: Clock;
  /** `config.promo` (server/config/promo.ts). */
  settings: PromoSettings;
}

export const registerPromoModule = (app: FastifyInstance, { db, clock, settings }: PromoModuleOptions): PromoService => {
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
  return promo;
};
