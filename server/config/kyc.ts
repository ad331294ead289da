/**
 * The KYC section (docs/adapters.md "KYC provider", docs/ops.md "Verification"), `config.kyc`: which provider checks new
 * users (KYC_PROVIDER) and what its results do. Without a provider (`none`, the default outside the sandbox) the
 * operators' review queue is the path. A provider's `approved` verifies a user by itself only with KYC_AUTO_APPROVE,
 * which production refuses (a person decides there); rejections are never automatic. Production refuses the sandbox
 * provider.
 */
import { createHash } from 'node:crypto';
import { defineSection } from './section';
import { Invalid, v } from './vars';

const KYC_PROVIDERS = ['sandbox', 'none'] as const;
type KycProviderName = (typeof KYC_PROVIDERS)[number];

export interface KycConfig {
  provider: KycProviderName;
  /** HMAC key of the provider's webhooks (the sandbox's format). */
  webhookSecret: string;
  /** A provider's approval verifies the user without an operator (never in production). */
  autoApprove: boolean;
  /** The sandbox provider's time from a check's start to its decision. */
  sandboxDelayMs: number;
}

export const kycSection = defineSection(
  {
    KYC_PROVIDER: v.oneOf(KYC_PROVIDERS, { default: '`sandbox` with SANDBOX on, else `none`', doc: 'KYC provider of new users: simulated (decisions by a signed webhook later), or none (operators review by hand); production refuses `sandbox`' }),
    KYC_WEBHOOK_SECRET: v.token(16, { default: 'sandbox: derived from JWT_SECRET', doc: 'HMAC key of the provider’s webhook (POST /api/webhooks/kyc, header x-kyc-signature)' }),
    KYC_AUTO_APPROVE: v.flag({ default: 'false', doc: 'a provider’s approval verifies the user by itself (no operator); refused in production: a person decides there' }),
    KYC_SANDBOX_DELAY_MS: v.int(2000, 0, 600_000, { doc: 'sandbox provider: milliseconds from a check’s start to its decision (dev controls change its outcome)' }),
  },
  (values, { sandbox, nodeEnv, jwtSecret }): KycConfig => {
    const provider = values.KYC_PROVIDER ?? (sandbox ? 'sandbox' : 'none');
    if (provider === 'sandbox' && !sandbox && nodeEnv !== 'production') throw new Invalid('KYC_PROVIDER=sandbox needs SANDBOX=true (its controls are under /api/dev)');
    return {
      provider,
      webhookSecret: values.KYC_WEBHOOK_SECRET ?? createHash('sha256').update(`kyc-webhook:${jwtSecret}`).digest('base64url'),
      autoApprove: values.KYC_AUTO_APPROVE ?? false,
      sandboxDelayMs: values.KYC_SANDBOX_DELAY_MS,
    };
  },
  (values) => [
    ...(values.KYC_PROVIDER === 'sandbox' ? ['KYC_PROVIDER=sandbox is a simulated provider: connect a real one (docs/adapters.md), or leave KYC_PROVIDER unset (none): operators review every new user'] : []),
    ...(values.KYC_AUTO_APPROVE ? ['KYC_AUTO_APPROVE is refused in production: a provider’s approval is shown to the reviewing operator, who decides (docs/ops.md "Verification")'] : []),
  ],
);
