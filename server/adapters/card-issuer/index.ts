/** The card issuer integration: interface, sandbox (SANDBOX=true) and the "none configured" stand-in. */
export { encryptForClient, importClientPublicKey, InvalidPublicKeyError, sandboxAtRestKey, SealedBoxError } from './crypto';
export { generatePan, isLuhnValid } from './pan';
export {
  DEFAULT_SANDBOX_DELAY_MS,
  SANDBOX_OPERATIONS,
  SANDBOX_OUTCOMES,
  SANDBOX_REASONS,
  SANDBOX_STEP_JOB,
  SandboxCardIssuer,
  type SandboxModes,
  type SandboxOperation,
  type SandboxOutcome,
  type SandboxSettings,
} from './sandbox';
export {
  IssuerRequestError,
  IssuerUnavailableError,
  type CardIssuer,
  type IssueCardRequest,
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
