/** Where market USD/RUB rates come from (the sandbox's: server/sandbox/rates.ts). */
export interface RateProvider {
  /** The current USD/RUB mid rate (RUB per USD, 4 decimals). Throws RateProviderUnavailableError. */
  midRate(): Promise<{ mid: string; at: Date }>;
  /**
   * How old (`at`) a market rate may be when money moves on it: a quote or exchange on an older one is refused with
   * RATE_UNAVAILABLE. Unset: the provider's `at` is always "now" (the sandbox).
   */
  readonly maxAgeSeconds?: number;
}

export class RateProviderUnavailableError extends Error {
  override name = 'RateProviderUnavailableError';
}

/** Outside the sandbox no market-data provider is integrated yet: no rate can be quoted. */
export class UnconfiguredRateProvider implements RateProvider {
  async midRate(): Promise<{ mid: string; at: Date }> {
    throw new RateProviderUnavailableError('No exchange-rate provider is configured (SANDBOX is off)');
  }
}
