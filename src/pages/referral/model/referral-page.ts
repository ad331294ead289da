/** /referral: opening loads the promo code with its totals and the first page of referrals (cached). */
import { sample } from 'effector';
import { referralDataRequested } from '@/entities/referral';
import { createPageLifecycle } from '@/shared/lib';

export const referralPage = createPageLifecycle('referralPage');

sample({ clock: referralPage.opened, target: referralDataRequested });
