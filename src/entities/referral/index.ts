export {
  promoCodeQuery,
  referralsQuery,
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
  REFERRALS_PAGE_SIZE,
} from './model/referral';
export { buildReferralLink, referralStartParam, REFERRAL_START_PREFIX } from './lib/referral-link';
export { copyTextToClipboard } from './lib/clipboard';
export { ReferralStatusBadge } from './ui/referral-status-badge';
export { ReferralRow } from './ui/referral-row';
