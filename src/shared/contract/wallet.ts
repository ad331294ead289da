/**
 * Wallet: balances, the ledger of wallet transactions, SBP top-up and currency exchange (SPEC §2 /wallet, §7).
 * Field design and error codes: docs/api.md "Wallet".
 */
import * as z from 'zod/mini';
import {
  Currency,
  DecimalString,
  defineEndpoint,
  Id,
  Money,
  PageQuery,
  page,
  PositiveMinorUnits,
  Timestamp,
} from './core';
import { historyFilterShape, periodInOrder } from './statements';

// ── Wallet ─────────────────────────────────────────────────────────────────────────────────────────

export const WalletBalance = z.object({
  currency: Currency,
  /** What the user can spend now. */
  available: Money,
  /** Reserved by operations still in progress (card issue, card top-up); not spendable. */
  held: Money,
});
export type WalletBalance = z.infer<typeof WalletBalance>;

/**
 * Per-user USDT deposit tag (SPEC §5): six digits sent as the six decimals of the USDT amount, e.g. tag
 * "012345" → send 100.012345 USDT. Never ends in "00", so amounts people type by hand (100.5, 100.25) never match.
 */
export const UsdtDepositTag = z.string().check(z.regex(/^\d{4}(?!00)\d{2}$/));

export const Wallet = z.object({
  /** One entry per currency, always USD and RUB, in that order. */
  balances: z.array(WalletBalance),
  usdtDepositTag: UsdtDepositTag,
  updatedAt: Timestamp,
});
export type Wallet = z.infer<typeof Wallet>;

// ── Wallet transactions ────────────────────────────────────────────────────────────────────────────

/**
 * SPEC §3's seven types, plus `manualAdjustment` (an addition, docs/api.md "Wallet transactions"): a goodwill credit or
 * a correction operators posted under four eyes (docs/ops.md "Manual adjustments"); plus money between people and money
 * out (issue #36: docs/api.md "Transfers between users", "Withdrawals").
 */
export const WalletTransactionType = z.enum([
  'usdtDeposit',
  'cardTransfer',
  'cardIssue',
  'serviceCommission',
  'sbpTopup',
  'currencyExchange',
  'promoBonus',
  'p2pTransfer',
  'usdtWithdrawal',
  'sbpWithdrawal',
  'manualAdjustment',
]);
export type WalletTransactionType = z.infer<typeof WalletTransactionType>;
export const TransactionDirection = z.enum(['credit', 'debit']);
export type TransactionDirection = z.infer<typeof TransactionDirection>;
export const WalletTransactionStatus = z.enum(['pending', 'completed', 'failed']);
export type WalletTransactionStatus = z.infer<typeof WalletTransactionStatus>;

const Last4 = z.string().check(z.regex(/^\d{4}$/));

/** What a service commission was charged for. */
export const CommissionReason = z.enum(['cardIssue', 'cardTopUp', 'exchange', 'sbpTopup', 'cardService', 'other']);

const txBase = {
  id: Id,
  direction: TransactionDirection,
  /** Always positive; `direction` says which way it moved. */
  amount: Money,
  status: WalletTransactionStatus,
  createdAt: Timestamp,
  /** Set when the status became completed or failed. */
  finishedAt: z.nullable(Timestamp),
  /** Why a transaction failed (an error code, see docs/api.md), null otherwise. */
  failureCode: z.nullable(z.string()),
  /** External reference for support (blockchain tx hash, SBP order id, ...), null if none. */
  reference: z.nullable(z.string()),
};

/**
 * A USDT transfer that reached the deposit address but was not credited automatically, and that the server could
 * attribute to this user (docs/api.md "Held for review"). The row is `pending`, `amount` is what it would credit
 * (rounded down to the cent), and nothing is in the balance until support resolves it by `txHash`.
 */
/**
 * Why a USDT transfer to the deposit address was not credited automatically (docs/api.md "USDT deposit tag").
 * `held` rows of a user's history carry one of them. (Re-exported by errors.ts with the other codes.)
 */
export const USDT_HOLD_REASONS = ['no_tag', 'unknown_tag', 'ambiguous_tag', 'below_minimum', 'duplicate_tx_hash', 'over_review_threshold'] as const;
export type UsdtHoldReason = (typeof USDT_HOLD_REASONS)[number];
export const UsdtDepositHold = z.object({ reason: z.enum(USDT_HOLD_REASONS) });
export type UsdtDepositHold = z.infer<typeof UsdtDepositHold>;

/** What both withdrawal rows carry: the withdrawal, its fee, its own state (awaitingApproval, processing, completed, failed, rejected). */
const withdrawalDetails = { withdrawalId: Id, fee: Money, state: z.string() };

/** The structured details the client turns into a localized description, one shape per type. */
export const WalletTransaction = z.discriminatedUnion('type', [
  z.object({
    ...txBase,
    type: z.literal('usdtDeposit'),
    details: z.object({
      network: z.literal('TRON'),
      txHash: z.string(),
      /** Exact on-chain amount, 6 decimals (e.g. "100.012345"); `amount` is it rounded down to cents. */
      usdtAmount: DecimalString,
      confirmations: z.int(),
      /** Not null: held for review, not credited (see UsdtDepositHold). */
      hold: z.nullable(UsdtDepositHold),
    }),
  }),
  z.object({
    ...txBase,
    type: z.literal('cardTransfer'),
    details: z.object({ cardId: Id, cardLast4: z.nullable(Last4), transferId: Id }),
  }),
  z.object({
    ...txBase,
    type: z.literal('cardIssue'),
    details: z.object({ cardId: Id, productId: Id, productName: z.string() }),
  }),
  z.object({
    ...txBase,
    type: z.literal('serviceCommission'),
    details: z.object({
      reason: CommissionReason,
      /** The transaction the commission belongs to, if any. */
      relatedTransactionId: z.nullable(Id),
      cardId: z.nullable(Id),
    }),
  }),
  z.object({
    ...txBase,
    type: z.literal('sbpTopup'),
    details: z.object({ paymentId: Id, orderId: z.string(), invoiceId: z.nullable(z.string()) }),
  }),
  z.object({
    ...txBase,
    type: z.literal('currencyExchange'),
    /** `amount` is the debited leg; `counterAmount` the credited one. */
    details: z.object({ counterAmount: Money, rate: DecimalString, fee: Money, quoteId: Id }),
  }),
  z.object({
    ...txBase,
    type: z.literal('promoBonus'),
    details: z.object({ referralId: Id, referralName: z.string() }),
  }),
  z.object({
    ...txBase,
    type: z.literal('p2pTransfer'),
    /** Sent (debit) or received (credit); both people's histories show the one ledger transaction under this id. */
    details: z.object({ transferId: Id, counterpartyName: z.string(), note: z.nullable(z.string()), requestId: z.nullable(Id) }),
  }),
  z.object({
    ...txBase,
    type: z.literal('usdtWithdrawal'),
    /** `amount` is what left the wallet (sent + fee); pending until the chain confirms, failed (refunded) otherwise. */
    details: z.object({
      ...withdrawalDetails,
      /** TRON. */
      network: z.string(),
      address: z.string(),
      addressLabel: z.nullable(z.string()),
      /** Exactly what the address receives, 6 decimals. */
      usdtAmount: DecimalString,
      txHash: z.nullable(z.string()),
      /** The transaction on the explorer (TRON_EXPLORER_TX_URL). */
      explorerUrl: z.nullable(z.string()),
    }),
  }),
  z.object({
    ...txBase,
    type: z.literal('sbpWithdrawal'),
    /** `phoneMasked`: "•••4567". */
    details: z.object({ ...withdrawalDetails, bankId: z.string(), bankName: z.string(), phoneMasked: z.string() }),
  }),
  z.object({
    ...txBase,
    type: z.literal('manualAdjustment'),
    /** `goodwill`: a credit from us; `correction`: a mistake put right, either way. */
    details: z.object({ kind: z.enum(['goodwill', 'correction']) }),
  }),
]);
export type WalletTransaction = z.infer<typeof WalletTransaction>;

export const WalletTransactionsQuery = z
  .object({
    ...PageQuery.shape,
    type: z.optional(WalletTransactionType),
    /** Matches `amount.currency`, and for exchanges also `details.counterAmount.currency`. */
    currency: z.optional(Currency),
    /** Period and search (statements.ts `historyFilterShape`). */
    ...historyFilterShape,
  })
  .check(periodInOrder);

// ── SBP ────────────────────────────────────────────────────────────────────────────────────────────

export const SbpPaymentStatus = z.enum(['pending', 'succeeded', 'failed', 'expired']);
export type SbpPaymentStatus = z.infer<typeof SbpPaymentStatus>;

export const SbpPayment = z.object({
  paymentId: Id,
  /** Our order number (shown on the payment pages). */
  orderId: z.string(),
  /** The SBP provider's invoice number; null until the provider has issued it. */
  invoiceId: z.nullable(z.string()),
  /** RUB. */
  amount: Money,
  status: SbpPaymentStatus,
  /** Where the user pays (bank app deep link / QR payload); open with the platform's link opener. */
  paymentUrl: z.url(),
  expiresAt: Timestamp,
  createdAt: Timestamp,
  /** Provider or our error code once failed/expired, else null. */
  errorCode: z.nullable(z.string()),
  /** The wallet transaction credited on success, else null. */
  transactionId: z.nullable(Id),
});
export type SbpPayment = z.infer<typeof SbpPayment>;

export const SbpCreateBody = z.strictObject({
  /** RUB kopecks, within config.sbp.minAmount..maxAmount. */
  amount: PositiveMinorUnits,
  /** Where the provider sends the user back; must be on an allow-listed origin (t.me link or the app origin). */
  returnUrl: z.optional(z.url()),
});

// ── Exchange ───────────────────────────────────────────────────────────────────────────────────────

/** SPEC §5 message, so a refused request names the rule the form shows. */
export const AMOUNT_MUST_BE_POSITIVE = 'Amount must be greater than 0';
const ExchangeAmount = z.int().check(z.positive(AMOUNT_MUST_BE_POSITIVE), z.maximum(Number.MAX_SAFE_INTEGER));

export const ExchangeBody = z
  .strictObject({
    from: Currency,
    to: Currency,
    /** Minor units of `from`; SPEC §5 "Amount must be greater than 0". */
    amount: ExchangeAmount,
    /** From GET /api/config/exchange-rates; refused with QUOTE_EXPIRED once past its expiresAt. */
    quoteId: Id,
  })
  .check(z.refine((b) => b.from !== b.to, { message: 'from and to must differ', path: ['to'] }));

export const ExchangeResult = z.object({
  /** The currencyExchange wallet transaction. */
  transactionId: Id,
  debited: Money,
  credited: Money,
  rate: DecimalString,
  /** In `from` currency, part of `debited`. */
  fee: Money,
  createdAt: Timestamp,
});
export type ExchangeResult = z.infer<typeof ExchangeResult>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────────────

export const walletGet = defineEndpoint({
  id: 'wallet.get',
  method: 'GET',
  path: '/api/wallet',
  auth: 'bearer',
  tag: 'wallet',
  summary: 'Balances per currency and the USDT deposit tag.',
  response: Wallet,
});

export const walletTransactions = defineEndpoint({
  id: 'wallet.transactions',
  method: 'GET',
  path: '/api/wallet/transactions',
  auth: 'bearer',
  tag: 'wallet',
  summary: 'Wallet transactions, newest first, cursor-paginated.',
  query: WalletTransactionsQuery,
  response: page(WalletTransaction),
});

export const walletSbpCreate = defineEndpoint({
  id: 'wallet.sbpCreate',
  method: 'POST',
  path: '/api/wallet/sbp',
  auth: 'bearer',
  requires: ['verified'],
  idempotent: true,
  tag: 'wallet',
  summary: 'Create an SBP top-up payment (RUB) and get the URL to pay at.',
  body: SbpCreateBody,
  response: SbpPayment,
});

/** Addition beyond SPEC §7: the payment result pages need server truth (docs/api.md "SBP"). */
export const walletSbpGet = defineEndpoint({
  id: 'wallet.sbpGet',
  method: 'GET',
  path: '/api/wallet/sbp/{paymentId}',
  auth: 'bearer',
  tag: 'wallet',
  summary: 'Current state of one SBP payment (for the payment success/failed pages). Not in SPEC §7.',
  params: z.object({ paymentId: Id }),
  response: SbpPayment,
});

export const walletExchange = defineEndpoint({
  id: 'wallet.exchange',
  method: 'POST',
  path: '/api/wallet/exchange',
  auth: 'bearer',
  requires: ['verified'],
  idempotent: true,
  tag: 'wallet',
  summary: 'Exchange USD ⇄ RUB at a quoted rate.',
  body: ExchangeBody,
  response: ExchangeResult,
});

/** The wallet endpoints by id: index.ts composes every domain's group into `endpoints` (contract.test.ts checks keys = ids). */
export const walletEndpoints = {
  'wallet.get': walletGet,
  'wallet.transactions': walletTransactions,
  'wallet.sbpCreate': walletSbpCreate,
  'wallet.sbpGet': walletSbpGet,
  'wallet.exchange': walletExchange,
} as const;
