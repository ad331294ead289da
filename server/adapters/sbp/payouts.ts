/**
 * RUB payouts by SBP to a phone number at a bank (docs/adapters.md "SBP payouts"). Implementations: the sandbox
 * (server/sandbox/sbp-payouts.ts, pays or fails later). A real provider (a bank's payout API) implements the same:
 * `create` is idempotent on our payout id (providers take it as the order or idempotency id), `status` is read until
 * the payout settles.
 */
export interface SbpBankInfo {
  /** The bank's id in the SBP directory (NSPK member id). */
  id: string;
  name: string;
}

export interface SbpPayoutRequest {
  /** Our id: the same id twice is one payout. */
  payoutId: string;
  /** E.164, digits only after "+7". */
  phone: string;
  bankId: string;
  /** RUB kopecks. */
  amount: number;
  description: string;
}

export type SbpPayoutState = { state: 'succeeded' } | { state: 'failed'; failureCode: string } | { state: 'pending' } | { state: 'unknown' };

export interface SbpPayouts {
  readonly name: string;
  /** The banks a payout can go to (the SBP directory as the provider serves it). */
  banks(): Promise<SbpBankInfo[]>;
  /** Starts the payout (idempotent on payoutId). Throws SbpPayoutError when the provider cannot be reached. */
  create(request: SbpPayoutRequest): Promise<void>;
  /** Where a created payout stands ('unknown': the provider has no payout with this id). */
  status(payoutId: string): Promise<SbpPayoutState>;
}

export class SbpPayoutError extends Error {
  override name = 'SbpPayoutError';
}
