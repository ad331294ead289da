export {
  SBP_SIGNATURE_HEADER,
  SbpAcquirerError,
  signSbpCallback,
  unconfiguredSbpAcquirer,
  verifySbpSignature,
  type SbpAcquirer,
  type SbpCallbackBody,
  type SbpInvoice,
  type SbpInvoiceRequest,
} from './sbp';
