/** Cards settings besides the limits GET /api/config publishes (those are in the wallet section). */
import { defineSection } from './section';
import { v } from './vars';

/** Default delay of a sandbox issuer processing step: long enough to see the transitional statuses in the app. */
export const DEFAULT_SANDBOX_DELAY_MS = 1_500;

export interface CardsSettings {
  /** The sandbox card issuer (server/sandbox): its at-rest key (base64url; unset = derived from JWT_SECRET) and step delay. */
  sandboxIssuer: { key: string | undefined; delayMs: number };
}

export const cardsSection = defineSection(
  {
    CARD_ISSUER_SANDBOX_KEY: v.text({
      default: 'derived from JWT_SECRET (HKDF)',
      doc: '32 bytes base64url: the sandbox issuer\'s at-rest key (changing JWT_SECRET without it makes stored card secrets unreadable: reveal answers 502 `ISSUER_ERROR` SECRETS_UNREADABLE)',
    }),
    CARD_ISSUER_SANDBOX_DELAY_MS: v.int(DEFAULT_SANDBOX_DELAY_MS, 0, 600_000, { doc: 'delay of each sandbox processing step (dev controls override it)' }),
  },
  (values): CardsSettings => ({ sandboxIssuer: { key: values.CARD_ISSUER_SANDBOX_KEY, delayMs: values.CARD_ISSUER_SANDBOX_DELAY_MS } }),
);
