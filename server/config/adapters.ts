/**
 * The adapters section (docs/adapters.md "Configuration"), `config.adapters`: which implementation each outside
 * integration uses (RATES_PROVIDER and the CBR provider's settings, CARD_ISSUER_ADAPTER, SBP_ACQUIRER_ADAPTER,
 * MAIL_ADAPTER). Default: the sandbox adapter with SANDBOX on (it lives next to the /api/dev controls), else none;
 * mail: SMTP when SMTP_URL is set. Production refuses a sandbox adapter, or an unset choice, naming what to set.
 * The TRON deposit source is its own section (server/config/tron.ts).
 */
import { coreVars } from './core';
import { defineSection, type SectionContext } from './section';
import { Invalid, v, variable } from './vars';

/**
 * The adapter in use: what the variable says, or the default; `explicit` tells whether the variable was set
 * (production wants an explicit choice).
 */
export interface AdapterChoice<V extends string> {
  adapter: V;
  explicit: boolean;
}

const RATES_PROVIDERS = ['sandbox', 'cbr', 'none'] as const;
type RatesProviderName = (typeof RATES_PROVIDERS)[number];
/** `sandbox`: the simulated issuer (SANDBOX on); `none`: no issuer, card issue refused up front. A real one adds its name. */
const CARD_ISSUER_ADAPTERS = ['sandbox', 'none'] as const;
type CardIssuerAdapterName = (typeof CARD_ISSUER_ADAPTERS)[number];
/** `sandbox`: the simulated acquirer and its payment page (SANDBOX on); `none`: SBP top-ups refused. A real one adds its name. */
const SBP_ACQUIRER_ADAPTERS = ['sandbox', 'none'] as const;
type SbpAcquirerAdapterName = (typeof SBP_ACQUIRER_ADAPTERS)[number];
const MAIL_ADAPTERS = ['sandbox', 'smtp'] as const;
type MailAdapterName = (typeof MAIL_ADAPTERS)[number];

/** The official daily document of the Central Bank of Russia (windows-1251 XML). */
const CBR_DAILY_URL = 'https://www.cbr.ru/scripts/XML_daily.asp';

interface RatesConfig extends AdapterChoice<RatesProviderName> {
  cbr: {
    url: string;
    /** A stored rate older than this is fetched again (on the next quote that needs the market rate). */
    refreshSeconds: number;
    /** After a failed fetch, no process tries again for this long (the last good rate keeps serving). */
    retrySeconds: number;
    /** Quotes and exchanges are refused ("Rate unavailable") when the last good fetch is older than this. */
    maxAgeSeconds: number;
    timeoutMs: number;
  };
  /** What any provider's rate may be: absolute bounds and the largest move from the last accepted one. */
  bounds: { min: string; max: string; maxChangeBps: number };
}
type CardIssuerConfig = AdapterChoice<CardIssuerAdapterName>;
type SbpAcquirerConfig = AdapterChoice<SbpAcquirerAdapterName>;
type MailConfig = AdapterChoice<MailAdapterName>;

export interface AdaptersConfig {
  rates: RatesConfig;
  cardIssuer: CardIssuerConfig;
  sbpAcquirer: SbpAcquirerConfig;
  mail: MailConfig;
}

const SANDBOX_OR_NONE = '`sandbox` with SANDBOX on, else `none`';

/** `sandbox` adapters live next to the /api/dev controls: outside production they need SANDBOX on. */
const choose = <V extends string>(name: string, chosen: V | undefined, { sandbox, nodeEnv }: SectionContext, fallback: V): AdapterChoice<V> => {
  if (chosen === 'sandbox' && !sandbox && nodeEnv !== 'production') throw new Invalid(`${name}=sandbox needs SANDBOX=true (its controls are under /api/dev)`);
  return { adapter: chosen ?? fallback, explicit: chosen !== undefined };
};

/** A USD/RUB rate (RUB per USD), up to 4 decimals, > 0. */
const usdRubRate = (fallback: string, doc: string) =>
  variable({ default: fallback, doc }, (raw) => {
    const rate = raw ?? fallback;
    if (!/^\d{1,6}(\.\d{1,4})?$/.test(rate) || Number(rate) <= 0) throw new Invalid(`must be a positive rate with up to 4 decimals, got "${rate}"`);
    return rate;
  });

const httpUrl = (fallback: string, meta: { doc: string }) =>
  variable({ default: fallback, ...meta }, (raw) => {
    if (raw === undefined) return fallback;
    let protocol: string | undefined;
    try {
      protocol = new URL(raw).protocol;
    } catch {
      // refused below
    }
    if (protocol !== 'http:' && protocol !== 'https:') throw new Invalid(`must be an http(s) URL like ${fallback}, got "${raw}"`);
    return raw;
  });

export const adaptersSection = defineSection(
  {
    RATES_PROVIDER: v.oneOf(RATES_PROVIDERS, { default: SANDBOX_OR_NONE, doc: 'USD/RUB market rate: simulated, the Central Bank of Russia daily rate, or none (exchange refused); required in production' }),
    CBR_RATES_URL: httpUrl(CBR_DAILY_URL, { doc: 'RATES_PROVIDER=cbr ("Exchange rates"): the daily document (tests point it at the fake)' }),
    RATES_REFRESH_SECONDS: v.int(3600, 60, 86_400, { doc: 'fetch again when the stored rate is this old' }),
    RATES_RETRY_SECONDS: v.int(60, 5, 86_400, { doc: 'after a failed fetch, no process tries again for this long' }),
    RATES_MAX_AGE_SECONDS: v.int(86_400, 600, 30 * 86_400, { doc: 'quotes and exchanges refused ("Rate unavailable") past this age of the last good fetch (must exceed the refresh)' }),
    RATES_FETCH_TIMEOUT_MS: v.int(5000, 100, 60_000, { doc: 'timeout of one rate fetch' }),
    RATES_MIN_USD_RUB: usdRubRate('10', 'the lowest USD/RUB rate any provider may give: a lower one is refused (logged, counted in `outside_input_refused_total`), never quoted'),
    RATES_MAX_USD_RUB: usdRubRate('1000', 'the highest USD/RUB rate any provider may give; a higher one is refused the same way'),
    RATES_MAX_CHANGE_BPS: v.int(2500, 1, 100_000, {
      doc: 'the largest move of a new central bank rate from the last accepted one (2500 = 25 %); a larger one is refused, the last good rate serves until RATES_MAX_AGE_SECONDS, then "Rate unavailable" (an operator raises this to accept a real jump)',
    }),
    CARD_ISSUER_ADAPTER: v.oneOf(CARD_ISSUER_ADAPTERS, { default: SANDBOX_OR_NONE, doc: 'card issuer: simulated, or none (card issue refused); required in production' }),
    SBP_ACQUIRER_ADAPTER: v.oneOf(SBP_ACQUIRER_ADAPTERS, { default: SANDBOX_OR_NONE, doc: 'SBP acquirer: simulated, or none (SBP top-ups refused); required in production' }),
    MAIL_ADAPTER: v.oneOf(MAIL_ADAPTERS, { default: '`smtp` with SMTP_URL, else `sandbox`', doc: 'mail transport: SMTP (needs SMTP_URL) or the sandbox mailbox (refused in production)' }),
    // Declared by the core section (listed there in the docs table).
    SMTP_URL: coreVars.SMTP_URL,
  },
  (values, context): AdaptersConfig => {
    const fallback = context.sandbox ? 'sandbox' : 'none';
    const cbr = {
      url: values.CBR_RATES_URL,
      refreshSeconds: values.RATES_REFRESH_SECONDS,
      retrySeconds: values.RATES_RETRY_SECONDS,
      maxAgeSeconds: values.RATES_MAX_AGE_SECONDS,
      timeoutMs: values.RATES_FETCH_TIMEOUT_MS,
    };
    if (cbr.maxAgeSeconds <= cbr.refreshSeconds) throw new Invalid('RATES_MAX_AGE_SECONDS must be larger than RATES_REFRESH_SECONDS');
    const bounds = { min: values.RATES_MIN_USD_RUB, max: values.RATES_MAX_USD_RUB, maxChangeBps: values.RATES_MAX_CHANGE_BPS };
    if (Number(bounds.min) >= Number(bounds.max)) throw new Invalid('RATES_MIN_USD_RUB must be below RATES_MAX_USD_RUB');
    if (values.MAIL_ADAPTER === 'smtp' && !values.SMTP_URL) throw new Invalid('MAIL_ADAPTER=smtp needs SMTP_URL (smtp://user:pass@host:587)');
    return {
      rates: { ...choose('RATES_PROVIDER', values.RATES_PROVIDER, context, fallback), cbr, bounds },
      cardIssuer: choose('CARD_ISSUER_ADAPTER', values.CARD_ISSUER_ADAPTER, context, fallback),
      sbpAcquirer: choose('SBP_ACQUIRER_ADAPTER', values.SBP_ACQUIRER_ADAPTER, context, fallback),
      mail: { adapter: values.MAIL_ADAPTER ?? (values.SMTP_URL ? 'smtp' : 'sandbox'), explicit: values.MAIL_ADAPTER !== undefined },
    };
  },
  (values, { sandbox }) => {
    const fallback = sandbox ? 'sandbox' : undefined;
    const problems: string[] = [];
    const mail = values.MAIL_ADAPTER ?? (values.SMTP_URL ? 'smtp' : 'sandbox');
    if (mail !== 'smtp') problems.push('SMTP_URL is required (MAIL_ADAPTER=smtp): the sandbox mailbox would keep every sign-in code in the database, unsent');
    const rates = values.RATES_PROVIDER ?? fallback;
    if (rates === 'sandbox') problems.push('RATES_PROVIDER=sandbox is a simulated market: set RATES_PROVIDER=cbr (the Central Bank of Russia daily USD/RUB rate)');
    if (rates === undefined) {
      problems.push('RATES_PROVIDER is required: set RATES_PROVIDER=cbr (the Central Bank of Russia daily USD/RUB rate), or RATES_PROVIDER=none to run without exchange');
    }
    const sbp = values.SBP_ACQUIRER_ADAPTER ?? fallback;
    if (sbp === 'sandbox') {
      problems.push('SBP_ACQUIRER_ADAPTER=sandbox is a simulated acquirer: connect a real acquirer adapter (docs/adapters.md), or set SBP_ACQUIRER_ADAPTER=none to run without SBP top-ups');
    }
    if (sbp === undefined) {
      problems.push('SBP_ACQUIRER_ADAPTER is required: no production SBP acquirer adapter ships yet; connect one (docs/adapters.md), or set SBP_ACQUIRER_ADAPTER=none to run without SBP top-ups');
    }
    const issuer = values.CARD_ISSUER_ADAPTER ?? fallback;
    if (issuer === 'sandbox') {
      problems.push('CARD_ISSUER_ADAPTER=sandbox is a simulated issuer: connect a real issuer adapter (docs/adapters.md), or set CARD_ISSUER_ADAPTER=none to run without cards');
    }
    if (issuer === undefined) {
      problems.push('CARD_ISSUER_ADAPTER is required: no production card issuer adapter ships yet; connect one (docs/adapters.md), or set CARD_ISSUER_ADAPTER=none to run without cards (card issue refused)');
    }
    return problems;
  },
);
