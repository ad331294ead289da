/**
 * The TRON section (docs/wallet.md "TRON deposit watcher"), `config.tron`: which deposit source the USDT watcher reads
 * (TRON_ADAPTER) and how the TronGrid one reaches its API. The deposit address, confirmations and poll interval are
 * the wallet's settings (server/config/wallet.ts), which the app publishes and the sandbox shares; this section reads
 * USDT_DEPOSIT_ADDRESS through the wallet's own declaration only to refuse the sandbox address in production.
 */
import { defineSection, type SectionContext } from './section';
import { Invalid, v, variable } from './vars';
import { SANDBOX_DEPOSIT_ADDRESS, walletSection } from './wallet';

/** Tether USD (USDT) TRC20 on TRON mainnet. */
const USDT_TRC20_MAINNET_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRONGRID_DEFAULT_URL = 'https://api.trongrid.io';

const TRON_ADAPTERS = ['sandbox', 'trongrid'] as const;
export type TronAdapterName = (typeof TRON_ADAPTERS)[number];

export interface TronGridConfig {
  /** Base URL of the TronGrid-compatible API (TRONGRID_API_URL), no trailing slash. */
  apiUrl: string;
  /** Sent as TRON-PRO-API-KEY (TRONGRID_API_KEY); never logged. */
  apiKey: string | undefined;
  /** The TRC20 token credited (TRONGRID_USDT_CONTRACT, default USDT on mainnet; a testnet deployment sets its own). */
  contractAddress: string;
  /** Transfers per API page (TRONGRID_PAGE_SIZE, 1..200). */
  pageSize: number;
  /** One HTTP call's time limit (TRONGRID_TIMEOUT_MS). */
  timeoutMs: number;
  /** The longest the source waits before calling again: its own back-off, Retry-After, a 403 suspension (TRONGRID_MAX_BACKOFF_SECONDS). */
  maxBackoffSeconds: number;
}

export interface TronConfig {
  adapter: TronAdapterName;
  trongrid: TronGridConfig;
  /** USDT_DEPOSIT_ADDRESS was set to something else than the sandbox address (production needs a real one). */
  depositAddressSet: boolean;
}

const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** Default: `trongrid` in production, `sandbox` elsewhere. */
const adapterOf = (chosen: TronAdapterName | undefined, { nodeEnv }: SectionContext): TronAdapterName =>
  chosen ?? (nodeEnv === 'production' ? 'trongrid' : 'sandbox');

export const tronSection = defineSection(
  {
    TRON_ADAPTER: v.oneOf(TRON_ADAPTERS, { default: '`trongrid` in production, else `sandbox`', doc: 'USDT deposit source: the sandbox chain or TronGrid ("TRON deposit watcher"); production refuses `sandbox`' }),
    TRONGRID_API_URL: variable({ default: TRONGRID_DEFAULT_URL, doc: 'TronGrid API base URL (Shasta/Nile testnets: their TronGrid URLs)' }, (raw) => {
      if (raw !== undefined && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(raw)) throw new Invalid(`must be an http(s) URL like ${TRONGRID_DEFAULT_URL}, got "${raw}"`);
      return (raw ?? TRONGRID_DEFAULT_URL).replace(/\/+$/, '');
    }),
    // The key is never echoed in the error.
    TRONGRID_API_KEY: variable({ doc: '`TRON-PRO-API-KEY`; required in production; never logged' }, (raw) => {
      if (raw !== undefined && !/^[A-Za-z0-9-]{8,128}$/.test(raw)) throw new Invalid('must be 8..128 characters of A-Z a-z 0-9 -');
      return raw;
    }),
    TRONGRID_USDT_CONTRACT: variable({ default: `\`${USDT_TRC20_MAINNET_CONTRACT}\``, doc: 'TRC20 contract credited (USDT on mainnet; set the testnet token\'s)' }, (raw) => {
      if (raw !== undefined && !TRON_ADDRESS.test(raw)) throw new Invalid(`must be a TRON address (T…, 34 characters), got "${raw}"`);
      return raw ?? USDT_TRC20_MAINNET_CONTRACT;
    }),
    TRONGRID_PAGE_SIZE: v.int(200, 1, 200, { doc: 'TronGrid: items per page' }),
    TRONGRID_TIMEOUT_MS: v.int(10_000, 100, 120_000, { doc: 'TronGrid: one HTTP call\'s time limit' }),
    TRONGRID_MAX_BACKOFF_SECONDS: v.int(300, 1, 3_600, {
      doc: 'TronGrid: the longest wait before calling again, whatever it asks (Retry-After, a 403 "suspended for N s") and after repeated failures',
    }),
    // Declared by the wallet section (listed there in the docs table).
    USDT_DEPOSIT_ADDRESS: walletSection.vars.shape.USDT_DEPOSIT_ADDRESS,
  },
  (values, context): TronConfig => ({
    adapter: adapterOf(values.TRON_ADAPTER, context),
    trongrid: {
      apiUrl: values.TRONGRID_API_URL,
      apiKey: values.TRONGRID_API_KEY,
      contractAddress: values.TRONGRID_USDT_CONTRACT,
      pageSize: values.TRONGRID_PAGE_SIZE,
      timeoutMs: values.TRONGRID_TIMEOUT_MS,
      maxBackoffSeconds: values.TRONGRID_MAX_BACKOFF_SECONDS,
    },
    depositAddressSet: values.USDT_DEPOSIT_ADDRESS !== SANDBOX_DEPOSIT_ADDRESS,
  }),
  (values, context) => {
    if (adapterOf(values.TRON_ADAPTER, context) === 'sandbox') return ['TRON_ADAPTER must be trongrid (the sandbox chain credits fake deposits)'];
    const problems: string[] = [];
    if (!values.TRONGRID_API_KEY) problems.push('TRONGRID_API_KEY is required (TronGrid answers keyless calls with tight rate limits)');
    if (values.USDT_DEPOSIT_ADDRESS === SANDBOX_DEPOSIT_ADDRESS) {
      problems.push('USDT_DEPOSIT_ADDRESS is required (the TRON address deposits are sent to; the sandbox one belongs to no one)');
    }
    return problems;
  },
);
