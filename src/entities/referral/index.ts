export {
  referralDataRequested,
  promoCodeRequested,
  referralsRequested,
  moreReferralsRequested,
  $promoCode,
  $promoCodeState,
  $promoCodeError,
  $referrals,
  $referralsState,
  $referralsError,
  $hasMoreReferrals,
  $loadingMoreReferrals,
  $moreReferralsError,
} from './model/referral';
export { buildReferralLink } from './lib/referral-link';
export { ReferralRow } from './ui/referral-row';
