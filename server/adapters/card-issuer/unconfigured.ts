import type { SensitiveData } from '@/shared/contract/cards';
import { IssuerUnavailableError, type CardIssuer } from './types';
import { IssuerWebhookError, type IssuerWebhook } from './webhook';

const refuse = (): never => {
  throw new IssuerUnavailableError('No card issuer is configured (SANDBOX is off and no issuer adapter was given).');
};

/** With SANDBOX off and no real issuer integration: every call fails; card issue is refused up front. */
export class UnconfiguredCardIssuer implements CardIssuer {
  readonly name = 'none';
  readonly available = false;
  setEventHandler(): void {}
  requestIssue(): Promise<{ issuerCardId: string }> {
    return Promise.reject(refuse());
  }
  checkActivationCode(): Promise<boolean> {
    return Promise.reject(refuse());
  }
  requestActivation(): Promise<void> {
    return Promise.reject(refuse());
  }
  requestFreeze(): Promise<void> {
    return Promise.reject(refuse());
  }
  requestUnfreeze(): Promise<void> {
    return Promise.reject(refuse());
  }
  requestTopUp(): Promise<void> {
    return Promise.reject(refuse());
  }
  programBalance(): Promise<never> {
    return Promise.reject(refuse());
  }
  setSpendingLimits(): Promise<void> {
    return Promise.reject(refuse());
  }
  requestClose(): Promise<void> {
    return Promise.reject(refuse());
  }
  requestBlock(): Promise<void> {
    return Promise.reject(refuse());
  }
  revealSensitive(): Promise<SensitiveData> {
    return Promise.reject(refuse());
  }
  parseWebhook(): IssuerWebhook {
    throw new IssuerWebhookError('signature', 'No card issuer is configured: no webhook is believed.');
  }
}
