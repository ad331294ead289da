export {
  referralShareRequested,
  shareReferralFx,
  shareFeedbackFx,
  ShareReferralGate,
  $shareAvailable,
  $shareConfigSettled,
  shareMode,
  type ShareMode,
  type ShareFeedback,
} from './model/share-referral';
export { ShareReferralButton, type ShareReferralButtonProps } from './ui/share-referral-button';
