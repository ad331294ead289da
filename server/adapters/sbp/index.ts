export {
  SBP_SIGNATURE_HEADER,
  SbpAcquirerError,
  SbpCallbackError,
  parseSignedSbpCallback,
  signSbpCallback,
  unconfiguredSbpAcquirer,
  type SbpAcquirer,
  type SbpCallbackBody,
  type SbpInvoice,
  type SbpInvoiceRequest,
} from './sbp';
export { SbpPayoutError, type SbpBankInfo, type SbpPayoutRequest, type SbpPayouts, type SbpPayoutState } from './payouts';
