/** SBP_ACQUIRER_ADAPTER (docs/adapters.md): which SBP acquirer SBP top-ups go through. */
import * as z from 'zod/mini';
import { choiceVar, choose, parseSection, trimmedEnv, type AdapterChoice, type Env, type SectionContext } from '../section';

/** `sandbox`: the simulated acquirer and its payment page (SANDBOX on); `none`: SBP top-ups refused. A real one adds its name. */
export const SBP_ACQUIRER_ADAPTERS = ['sandbox', 'none'] as const;
export type SbpAcquirerAdapterName = (typeof SBP_ACQUIRER_ADAPTERS)[number];
export type SbpAcquirerConfig = AdapterChoice<SbpAcquirerAdapterName>;

const Schema = z.object({ SBP_ACQUIRER_ADAPTER: choiceVar('SBP_ACQUIRER_ADAPTER', SBP_ACQUIRER_ADAPTERS) });

export const loadSbpAcquirerConfig = (env: Env, ctx: SectionContext): SbpAcquirerConfig =>
  choose('SBP_ACQUIRER_ADAPTER', parseSection(Schema, trimmedEnv(env, ['SBP_ACQUIRER_ADAPTER'])).SBP_ACQUIRER_ADAPTER, ctx, ctx.sandbox ? 'sandbox' : 'none');

export const sbpAcquirerProductionProblems = (config: SbpAcquirerConfig): string[] => {
  if (config.adapter === 'sandbox') {
    return ['SBP_ACQUIRER_ADAPTER=sandbox is a simulated acquirer: connect a real acquirer adapter (docs/adapters.md), or set SBP_ACQUIRER_ADAPTER=none to run without SBP top-ups'];
  }
  if (!config.explicit) {
    return ['SBP_ACQUIRER_ADAPTER is required: no production SBP acquirer adapter ships yet; connect one (docs/adapters.md), or set SBP_ACQUIRER_ADAPTER=none to run without SBP top-ups'];
  }
  return [];
};
