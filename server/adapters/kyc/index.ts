export {
  KYC_SIGNATURE_HEADER,
  KYC_START_JOB,
  KycProviderError,
  KycWebhookError,
  parseSignedKycWebhook,
  signKycWebhook,
  type KycApplicant,
  type KycDecisionEvent,
  type KycOutcome,
  type KycProvider,
} from './kyc';
