export { ShareReferralButton } from './ui/share-referral-button';
