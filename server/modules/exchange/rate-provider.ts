
/** Where market USD/RUB rates come from (the sandbox's: server/sandbox/rates.ts). */
export interface RateProvider {
  /** The current USD/RUB mid rate (RUB per USD, 4 decimals). Throws RateProviderUnavailableError. */
  midRate(): Promise<{ mid: string; at: Date }>;
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
