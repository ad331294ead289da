/**
 * The TRON section of the server configuration (docs/server.md "TRON deposit watcher"): which deposit source the
 * USDT watcher reads (TRON_ADAPTER) and how the TronGrid one reaches its API. Hooked into server/config.ts as
 * `config.tron`; the deposit address, confirmations and poll interval stay with the wallet settings
 * (USDT_DEPOSIT_ADDRESS, USDT_CONFIRMATIONS, TRON_POLL_MS), which the app publishes and the sandbox shares.
 */
import * as z from 'zod/mini';

/** Tether USD (USDT) TRC20 on TRON mainnet. */
export const USDT_TRC20_MAINNET_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const TRONGRID_DEFAULT_URL = 'https://api.trongrid.io';
/** The sandbox chain's deposit address (server/modules/config SANDBOX_DEPOSIT_ADDRESS): nobody owns it. */
const SANDBOX_DEPOSIT_ADDRESS = 'TTonicWa11etSandboxDeposit12345678';

export type TronAdapterName = 'sandbox' | 'trongrid';

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
}

export interface TronConfig {
  adapter: TronAdapterName;
  trongrid: TronGridConfig;
  /** USDT_DEPOSIT_ADDRESS was set to something else than the sandbox address (production needs a real one). */
  depositAddressSet: boolean;
}

type Env = Record<string, string | undefined>;

const blankToUndefined = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

const intIn = (min: number, max: number) =>
  z.pipe(
    z.string().check(z.regex(/^\d+$/, 'must be a whole number')),
    z.pipe(
      z.transform((text: string) => Number(text)),
      z.number().check(z.gte(min, `must be ${min}..${max}`), z.lte(max, `must be ${min}..${max}`)),
    ),
  );

const TronAddress = z.string().check(z.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'must be a TRON address (T…, 34 characters)'));

const TronEnv = z.object({
  TRON_ADAPTER: z.optional(z.enum(['sandbox', 'trongrid'], 'must be sandbox or trongrid')),
  TRONGRID_API_URL: z.optional(
    z.string().check(z.refine((value) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value), 'must be an http(s) URL like https://api.trongrid.io')),
  ),
  TRONGRID_API_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{8,128}$/, 'must be 8..128 characters of A-Z a-z 0-9 -'))),
  TRONGRID_USDT_CONTRACT: z.optional(TronAddress),
  TRONGRID_PAGE_SIZE: z.optional(intIn(1, 200)),
  TRONGRID_TIMEOUT_MS: z.optional(intIn(100, 120_000)),
  USDT_DEPOSIT_ADDRESS: z.optional(z.string()),
});

export class TronConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the TRON section; default adapter: `trongrid` in production, `sandbox` elsewhere. */
export const loadTronConfig = (env: Env, options: { production: boolean }): TronConfig => {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(TronEnv.shape)) input[key] = blankToUndefined(env[key]);
  const parsed = TronEnv.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new TronConfigError(`${name} ${issue.message}${name === 'TRONGRID_API_KEY' ? '' : `, got "${input[name]}"`}`);
  }
  const values = parsed.data;
  return {
    adapter: values.TRON_ADAPTER ?? (options.production ? 'trongrid' : 'sandbox'),
    trongrid: {
      apiUrl: (values.TRONGRID_API_URL ?? TRONGRID_DEFAULT_URL).replace(/\/+$/, ''),
      apiKey: values.TRONGRID_API_KEY,
      contractAddress: values.TRONGRID_USDT_CONTRACT ?? USDT_TRC20_MAINNET_CONTRACT,
      pageSize: values.TRONGRID_PAGE_SIZE ?? 200,
      timeoutMs: values.TRONGRID_TIMEOUT_MS ?? 10_000,
    },
    depositAddressSet: values.USDT_DEPOSIT_ADDRESS !== undefined && values.USDT_DEPOSIT_ADDRESS !== SANDBOX_DEPOSIT_ADDRESS,
  };
};

/** What production refuses in this section (server/config.ts "Production refusals"): one line per problem. */
export const tronProductionProblems = (tron: TronConfig): string[] => {
  if (tron.adapter === 'sandbox') return ['TRON_ADAPTER must be trongrid (the sandbox chain credits fake deposits)'];
  const problems: string[] = [];
  if (!tron.trongrid.apiKey) problems.push('TRONGRID_API_KEY is required (TronGrid answers keyless calls with tight rate limits)');
  if (!tron.depositAddressSet) problems.push('USDT_DEPOSIT_ADDRESS is required (the TRON address deposits are sent to; the sandbox one belongs to no one)');
  return problems;
};
