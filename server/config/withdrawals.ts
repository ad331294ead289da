/**
 * Money out (issue #36, docs/transfers.md "Withdrawals"), `config.withdrawals`: which TRON sender and SBP payout provider
 * are used, the hot wallet's key, fees, minimums, 24-hour limits, approval thresholds and the holds. Production refuses
 * a sandbox sender or payout provider, an unset choice, and `trongrid` without its key.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { defineSection, type SectionContext } from './section';
import { Invalid, v, variable } from './vars';

const TRON_SENDER_ADAPTERS = ['sandbox', 'trongrid', 'none'] as const;
type TronSenderAdapterName = (typeof TRON_SENDER_ADAPTERS)[number];
const SBP_PAYOUT_ADAPTERS = ['sandbox', 'none'] as const;
type SbpPayoutAdapterName = (typeof SBP_PAYOUT_ADAPTERS)[number];

interface MethodSettings {
  /** Minor units of the method's currency. */
  fee: number;
  min: number;
  daily: number;
  approvalAbove: number;
}

export interface WithdrawalsSettings {
  tronSender: TronSenderAdapterName;
  /** secp256k1 key of the hot wallet, hex (trongrid only); never logged. */
  tronPrivateKey: string | undefined;
  tronFeeLimitSun: number;
  /** How long a signed TRON transaction stays valid. */
  tronExpirationSeconds: number;
  /** `{txId}` is replaced by the transaction id. */
  explorerTxUrl: string;
  sbpPayouts: SbpPayoutAdapterName;
  usdt: MethodSettings;
  sbp: MethodSettings;
  /** A new address, a new phone or a sign-in on a new device holds withdrawals this long. */
  holdSeconds: number;
  /** How often a withdrawal in flight is checked. */
  pollMs: number;
  /** The sandbox network and provider settle after this long (dev controls change it). */
  sandboxDelayMs: number;
}

const SANDBOX_OR_NONE = '`sandbox` with SANDBOX on, else `none`';
const choose = <V extends string>(chosen: V | undefined, { sandbox }: SectionContext): V | 'sandbox' | 'none' => chosen ?? (sandbox ? 'sandbox' : 'none');

export const withdrawalsSection = defineSection(
  {
    TRON_SENDER_ADAPTER: v.oneOf(TRON_SENDER_ADAPTERS, { default: SANDBOX_OR_NONE, doc: 'USDT withdrawals: the sandbox network, TronGrid (signs with TRON_WITHDRAWAL_PRIVATE_KEY), or none (refused); required in production' }),
    // The key is never echoed in an error.
    TRON_WITHDRAWAL_PRIVATE_KEY: variable({ doc: "the hot wallet's secp256k1 key (64 hex); required with TRON_SENDER_ADAPTER=trongrid; never logged" }, (raw) => {
      if (raw !== undefined && (!/^[0-9a-fA-F]{64}$/.test(raw) || !secp256k1.utils.isValidSecretKey(Uint8Array.from(Buffer.from(raw, 'hex'))))) {
        throw new Invalid('must be a secp256k1 private key: 64 hex characters');
      }
      return raw;
    }),
    TRON_WITHDRAWAL_FEE_LIMIT_SUN: v.int(50_000_000, 1_000_000, 1_000_000_000, { doc: 'most TRX (in sun) one USDT transfer may burn for energy' }),
    TRON_WITHDRAWAL_EXPIRATION_SECONDS: v.int(600, 60, 86_400, { doc: 'how long a signed TRON transaction stays valid (a transfer the network has not seen by then is refunded)' }),
    TRON_EXPLORER_TX_URL: v.textOr('https://tronscan.org/#/transaction/{txId}', { doc: 'explorer link of a withdrawal; `{txId}` is replaced' }),
    SBP_PAYOUT_ADAPTER: v.oneOf(SBP_PAYOUT_ADAPTERS, { default: SANDBOX_OR_NONE, doc: 'RUB withdrawals by SBP: the sandbox provider, or none (refused); required in production' }),
    USDT_WITHDRAWAL_FEE: v.int(100, 0, 10_000_00, { doc: 'USDT withdrawal network fee in US cents (charged on top)' }),
    USDT_WITHDRAWAL_MIN: v.int(10_00, 1, 1_000_000_00, { doc: 'smallest USDT withdrawal in US cents' }),
    USDT_WITHDRAWAL_DAILY: v.int(10_000_00, 1, 1_000_000_000_00, { doc: 'most USDT that may be withdrawn in any 24 hours, US cents' }),
    USDT_WITHDRAWAL_APPROVAL_ABOVE: v.int(1_000_00, 1, 1_000_000_000_00, { doc: 'USDT withdrawals above this (US cents) wait for an operator' }),
    SBP_PAYOUT_FEE: v.int(0, 0, 100_000_00, { doc: 'SBP withdrawal fee in kopecks (charged on top)' }),
    SBP_PAYOUT_MIN: v.int(100_00, 1, 100_000_000_00, { doc: 'smallest SBP withdrawal in kopecks' }),
    SBP_PAYOUT_DAILY: v.int(500_000_00, 1, 100_000_000_000_00, { doc: 'most RUB that may be withdrawn by SBP in any 24 hours, kopecks' }),
    SBP_PAYOUT_APPROVAL_ABOVE: v.int(100_000_00, 1, 100_000_000_000_00, { doc: 'SBP withdrawals above this (kopecks) wait for an operator' }),
    WITHDRAWAL_HOLD_SECONDS: v.int(86_400, 0, 30 * 86_400, { doc: 'a new address, a changed phone or a sign-in on a new device holds withdrawals this long' }),
    WITHDRAWAL_POLL_MS: v.int(15_000, 10, 3_600_000, { doc: 'how often a withdrawal in flight is checked with the network or the provider' }),
    SANDBOX_WITHDRAWAL_DELAY_MS: v.int(3_000, 0, 3_600_000, { doc: 'the sandbox network and payout provider settle after this long' }),
  },
  (values, context): WithdrawalsSettings => {
    const tronSender = choose(values.TRON_SENDER_ADAPTER, context);
    if (tronSender === 'sandbox' && !context.sandbox && context.nodeEnv !== 'production') throw new Invalid('TRON_SENDER_ADAPTER=sandbox needs SANDBOX=true');
    if (tronSender === 'trongrid' && !values.TRON_WITHDRAWAL_PRIVATE_KEY) throw new Invalid('TRON_SENDER_ADAPTER=trongrid needs TRON_WITHDRAWAL_PRIVATE_KEY');
    if (!values.TRON_EXPLORER_TX_URL.includes('{txId}') || !/^https:\/\//.test(values.TRON_EXPLORER_TX_URL)) throw new Invalid('TRON_EXPLORER_TX_URL must be an https URL with {txId}');
    return {
      tronSender,
      tronPrivateKey: values.TRON_WITHDRAWAL_PRIVATE_KEY,
      tronFeeLimitSun: values.TRON_WITHDRAWAL_FEE_LIMIT_SUN,
      tronExpirationSeconds: values.TRON_WITHDRAWAL_EXPIRATION_SECONDS,
      explorerTxUrl: values.TRON_EXPLORER_TX_URL,
      sbpPayouts: choose(values.SBP_PAYOUT_ADAPTER, context),
      usdt: { fee: values.USDT_WITHDRAWAL_FEE, min: values.USDT_WITHDRAWAL_MIN, daily: values.USDT_WITHDRAWAL_DAILY, approvalAbove: values.USDT_WITHDRAWAL_APPROVAL_ABOVE },
      sbp: { fee: values.SBP_PAYOUT_FEE, min: values.SBP_PAYOUT_MIN, daily: values.SBP_PAYOUT_DAILY, approvalAbove: values.SBP_PAYOUT_APPROVAL_ABOVE },
      holdSeconds: values.WITHDRAWAL_HOLD_SECONDS,
      pollMs: values.WITHDRAWAL_POLL_MS,
      sandboxDelayMs: values.SANDBOX_WITHDRAWAL_DELAY_MS,
    };
  },
  (values) => {
    const problems: string[] = [];
    if (!values.TRON_SENDER_ADAPTER || values.TRON_SENDER_ADAPTER === 'sandbox') {
      problems.push('TRON_SENDER_ADAPTER must be trongrid (with TRON_WITHDRAWAL_PRIVATE_KEY) or an explicit none (the sandbox network sends nothing)');
    }
    if (values.TRON_SENDER_ADAPTER === 'trongrid' && !values.TRON_WITHDRAWAL_PRIVATE_KEY) problems.push('TRON_WITHDRAWAL_PRIVATE_KEY is required with TRON_SENDER_ADAPTER=trongrid');
    if (!values.SBP_PAYOUT_ADAPTER || values.SBP_PAYOUT_ADAPTER === 'sandbox') problems.push('SBP_PAYOUT_ADAPTER must be set to a real provider or an explicit none');
    return problems;
  },
);
