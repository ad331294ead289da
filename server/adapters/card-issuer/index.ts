/** The card issuer integration: interface and the "none configured" stand-in (the sandbox issuer: server/sandbox). */
export { encryptForClient, importClientPublicKey, InvalidPublicKeyError, open, sandboxAtRestKey, seal, SealedBoxError } from './crypto';
export {
  IssuerRequestError,
  IssuerUnavailableError,
  type BlockCardRequest,
  type CardIssuer,
  type IssueCardRequest,
  type IssuerDeclineReason,
  type ShipmentStageEvent,
  type SpendingLimits,
  type IssuerEvent,
  type IssuerEventHandler,
  type IssuerEventResult,
  type IssuerTrade,
  type TopUpRequest,
} from './types';
export { UnconfiguredCardIssuer } from './unconfigured';
export {
  ISSUER_SIGNATURE_HEADER,
  ISSUER_WEBHOOK_PATH,
  IssuerWebhookError,
  parseSignedIssuerWebhook,
  signIssuerWebhook,
  type IssuerWebhook,
} from './webhook';
