/**
 * Referral programme (docs/notifications.md "Referral program"): GET /api/promo/my-code and /my-referrals, the invitation
 * as a message the bot prepares for Telegram's shareMessage (POST /api/promo/share-message, share-message.ts), and the
 * handler of the cards module's 'referral.cardIssued' job that pays the referrer's bonus exactly once.
 */
import type { FastifyInstance } from 'fastify';
import { promoMyCode, promoMyReferrals, promoShareMessage } from '@/shared/contract';
import { routesWith } from '../../http/route';
import { appJobRegistry, registerJobHandler } from '../../jobs';
import { CARD_JOBS } from '../cards';
import { defineModule, type ModuleDeps } from '../module';
import { myPromoCode, myReferrals, payCardIssueBonus, type PromoDeps, type ReferralCardIssuedPayload } from './service';
import type { PromoSettings } from './settings';
import { prepareShareMessage } from './share-message';

export { payCardIssueBonus, promoBonusKey, referralDisplayName, referralIdOf } from './service';
export { loadPromoSettings, type PromoSettings } from './settings';

/** Job kind the cards module enqueues when a referred user's card is issued (server/modules/cards/events.ts). */
const REFERRAL_CARD_ISSUED_JOB = CARD_JOBS.referralCardIssued;

const registerPromo = (app: FastifyInstance, { db, clock, adapters, config }: ModuleDeps, settings: PromoSettings): void => {
  const deps: PromoDeps = { db, clock, settings, log: app.log };
  const bind = routesWith(app, deps);
  bind(promoMyCode, myPromoCode);
  bind(promoMyReferrals, myReferrals);
  routesWith(app, { ...deps, bot: adapters.bot, app: config.wallet.app })(promoShareMessage, prepareShareMessage);
  // In the app's own registry (the handler closes over this app's database and clock).
  registerJobHandler<ReferralCardIssuedPayload>(
    REFERRAL_CARD_ISSUED_JOB,
    async (payload) => {
      await payCardIssueBonus(deps, payload);
    },
    { registry: appJobRegistry(app) },
  );
};

export const promoModule = defineModule<PromoSettings>({ name: 'promo', register: registerPromo });
