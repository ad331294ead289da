/**
 * The server's one configuration (docs/server.md "Configuration"): every setting is an environment variable declared
 * once, in a section's zod shape (one line each, with its default and meaning); this file composes the sections.
 * `loadConfig(env)` parses them all, applies the production refusals and answers the typed `Config`: the core
 * settings flat, each module's settings under its section's name (`config.wallet`, `config.cards`, ...), the adapter
 * choices too (`config.tron`, `config.adapters`).
 *
 * A new variable: one line in its section's shape (and its use in that section's `resolve`). A new section:
 * `defineSection(...)` in its own file here, plus one line in `sections` below.
 */
import { z } from 'zod';
import { adaptersSection } from './adapters';
import { appLockSection } from './app-lock';
import { botSection } from './bot';
import { cardsSection } from './cards';
import { edgeSection } from './edge';
import { coreProductionProblems, coreVars, resolveCore, type CoreConfig } from './core';
import { jobsSection } from './jobs';
import { kycSection } from './kyc';
import { promoSection } from './promo';
import { ConfigError, parseVars, resolveSection, type Env, type Section, type SectionContext, type SettingsOf } from './section';
import { tracingSection } from './tracing';
import { tronSection } from './tron';
import { transfersSection } from './transfers';
import { walletSection } from './wallet';
import { withdrawalsSection } from './withdrawals';

export { loadDatabaseConfig, localOrigin } from './core';
export { ConfigError, loadSection, type Env } from './section';
export { promoSection, type PromoSettings } from './promo';
export { walletSection, type WalletSettings } from './wallet';
export { jobsSection, type JobsSettings } from './jobs';
export { botSection } from './bot';
export { type TransfersSettings } from './transfers';
export { type WithdrawalsSettings } from './withdrawals';
export { type TracingConfig } from './tracing';

/** The sections besides the core, by the name they have on Config. */
const sections = {
  wallet: walletSection,
  cards: cardsSection,
  promo: promoSection,
  jobs: jobsSection,
  /** USDT deposit source (TRON_ADAPTER, TRONGRID_*). */
  tron: tronSection,
  /** Which adapter each outside integration uses (RATES_PROVIDER, CARD_ISSUER_ADAPTER, ...). */
  adapters: adaptersSection,
  /** The Telegram bot: notifications and /start (BOT_ADAPTER, BOT_WEBHOOK_SECRET). */
  bot: botSection,
  /** Transfers between users and payment requests (TRANSFER_*, PAYMENT_REQUEST_TTL_HOURS). */
  transfers: transfersSection,
  /** Money out: TRON sender, SBP payouts, fees, limits, holds (TRON_SENDER_ADAPTER, USDT_WITHDRAWAL_*, SBP_PAYOUT_*). */
  withdrawals: withdrawalsSection,
  /** Who checks new users' identity (KYC_PROVIDER) and what its results do (docs/ops.md "Verification"). */
  kyc: kycSection,
  /** What one request may cost at the HTTP edge (BODY_DISCARD_MAX_BYTES, MAX_IN_FLIGHT_REQUESTS). */
  edge: edgeSection,
  /** The app lock: the step-up window, the passcode hashes' pool and limits (APP_LOCK_*). */
  appLock: appLockSection,
  /** OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME). */
  tracing: tracingSection,
};

const coreSchema = z.object(coreVars);

type Sections = typeof sections;
export type Config = CoreConfig & { [K in keyof Sections]: SettingsOf<Sections[K]> };

/** Reads the configuration from environment variables (see docs/server.md). */
export const loadConfig = (env: Env = process.env): Config => {
  const core = resolveCore(parseVars(coreSchema, env));
  const context: SectionContext = { nodeEnv: core.nodeEnv, sandbox: core.sandbox, jwtSecret: core.jwtSecret };
  const all = Object.entries(sections as Record<string, AnySection>);
  const values: Record<string, Record<string, unknown>> = Object.fromEntries(all.map(([name, section]) => [name, parseVars(section.vars, env)]));
  if (core.nodeEnv === 'production') {
    // Production refuses settings that would lose money or let people in: every problem in one message.
    const problems = [
      ...coreProductionProblems(core),
      ...all.flatMap(([name, section]) => section.production?.(values[name]!, context) ?? []),
    ];
    if (problems.length) throw new ConfigError(`Refusing to start with NODE_ENV=production:\n- ${problems.join('\n- ')}`);
  }
  const settings = Object.fromEntries(
    all.map(([name, section]) => [name, resolveSection(section, values[name]!, context)]),
  );
  return { ...core, ...settings } as Config;
};

/** A section with its types erased (the composition loops over them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySection = Section<any, unknown>;



/**
 * Every variable with its section, default and meaning: the table of docs/server.md (`npx tsx scripts/config-table.ts`).
 * A section that reads another section's variable reuses its declaration (adapters: SMTP_URL; tron:
 * USDT_DEPOSIT_ADDRESS); the table lists it once, under the section that declares it first.
 */
export const configVariables = (): { name: string; section: string; default: string; doc: string }[] => {
  const seen = new Set<string>();
  return [['core', coreSchema.shape] as const, ...Object.entries(sections).map(([name, section]) => [name, section.vars.shape] as const)].flatMap(
    ([section, shape]) =>
      Object.entries(shape as z.ZodRawShape).flatMap(([name, schema]) => {
        if (seen.has(name)) return [];
        seen.add(name);
        const meta = (schema as z.ZodType).meta() as { description?: string; shownDefault?: string } | undefined;
        return [{ name, section, default: meta?.shownDefault ?? '—', doc: meta?.description ?? '' }];
      }),
  );
};
