export { ReferralPage } from './ui/referral-page';
