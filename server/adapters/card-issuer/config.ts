/** CARD_ISSUER_ADAPTER (docs/adapters.md): which card issuer the cards module talks to. */
import { choiceVar, choose, parseSection, trimmedEnv, type AdapterChoice, type Env, type SectionContext } from '../section';
import * as z from 'zod/mini';

/** `sandbox`: the simulated issuer (SANDBOX on); `none`: no issuer, card issue refused up front. A real one adds its name. */
export const CARD_ISSUER_ADAPTERS = ['sandbox', 'none'] as const;
export type CardIssuerAdapterName = (typeof CARD_ISSUER_ADAPTERS)[number];
export type CardIssuerConfig = AdapterChoice<CardIssuerAdapterName>;

const Schema = z.object({ CARD_ISSUER_ADAPTER: choiceVar('CARD_ISSUER_ADAPTER', CARD_ISSUER_ADAPTERS) });

export const loadCardIssuerConfig = (env: Env, ctx: SectionContext): CardIssuerConfig =>
  choose('CARD_ISSUER_ADAPTER', parseSection(Schema, trimmedEnv(env, ['CARD_ISSUER_ADAPTER'])).CARD_ISSUER_ADAPTER, ctx, ctx.sandbox ? 'sandbox' : 'none');

export const cardIssuerProductionProblems = (config: CardIssuerConfig): string[] => {
  if (config.adapter === 'sandbox') {
    return ['CARD_ISSUER_ADAPTER=sandbox is a simulated issuer: connect a real issuer adapter (docs/adapters.md), or set CARD_ISSUER_ADAPTER=none to run without cards'];
  }
  if (!config.explicit) {
    return ['CARD_ISSUER_ADAPTER is required: no production card issuer adapter ships yet; connect one (docs/adapters.md), or set CARD_ISSUER_ADAPTER=none to run without cards (card issue refused)'];
  }
  return [];
};
