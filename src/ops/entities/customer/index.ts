export {
  $picture,
  $pictureError,
  $pictureLoading,
  pictureQuery,
  pictureReceived,
  pictureRefreshRequested,
  pictureRequested,
} from './model/picture';
export { VerificationBadge } from './ui/verification-badge';
export { KycResult } from './ui/kyc-result';
