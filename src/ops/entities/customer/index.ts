export { $picture, $pictureError, pictureReceived, pictureRequested } from './model/picture';
export { VerificationBadge } from './ui/verification-badge';
export { KycResult } from './ui/kyc-result';
