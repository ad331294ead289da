export { KycDecisionButtons, KycDecisionDialog } from './ui/kyc-decision';
export { kycDecision } from './model/kyc-decision';
