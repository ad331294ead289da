/**
 * Which implementation each outside integration uses, chosen by environment variable (docs/adapters.md
 * "Configuration"): one section per adapter folder, combined here and hooked into server/config.ts.
 * Production refuses a sandbox adapter, or an unset choice, naming what to set.
 */
import { cardIssuerProductionProblems, loadCardIssuerConfig, type CardIssuerConfig } from './card-issuer/config';
import { loadMailConfig, mailProductionProblems, type MailConfig } from './mail/config';
import { loadRatesConfig, ratesProductionProblems, type RatesConfig } from './rates/config';
import { loadSbpAcquirerConfig, sbpAcquirerProductionProblems, type SbpAcquirerConfig } from './sbp/config';
import type { Env, SectionContext } from './section';

export { AdapterConfigError } from './section';

export interface AdaptersConfig {
  rates: RatesConfig;
  cardIssuer: CardIssuerConfig;
  sbpAcquirer: SbpAcquirerConfig;
  mail: MailConfig;
}

export const loadAdaptersConfig = (env: Env, ctx: SectionContext): AdaptersConfig => ({
  rates: loadRatesConfig(env, ctx),
  cardIssuer: loadCardIssuerConfig(env, ctx),
  sbpAcquirer: loadSbpAcquirerConfig(env, ctx),
  mail: loadMailConfig(env),
});

/** What NODE_ENV=production refuses in the adapter choices (empty: fine). */
export const adaptersProductionProblems = (config: AdaptersConfig): string[] => [
  ...mailProductionProblems(config.mail),
  ...ratesProductionProblems(config.rates),
  ...sbpAcquirerProductionProblems(config.sbpAcquirer),
  ...cardIssuerProductionProblems(config.cardIssuer),
];
