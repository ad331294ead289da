export {
  SBP_SIGNATURE_HEADER,
  SbpAcquirerError,
  SbpCallbackError,
  parseSignedSbpCallback,
  signSbpCallback,
  unconfiguredSbpAcquirer,
  verifySbpSignature,
  type SbpAcquirer,
  type SbpCallbackBody,
  type SbpInvoice,
  type SbpInvoiceRequest,
} from './sbp';
export { SANDBOX_SBP_CALLBACK_JOB, SandboxSbpAcquirer, type SandboxSbpSettings, type SandboxInvoice } from './sandbox';
export { renderSandboxPaymentPage } from './sandbox-page';
