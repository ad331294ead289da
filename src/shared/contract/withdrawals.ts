/**
 * Money out (issue #36): USDT (TRC20) to an outside address from the address book, and RUB by SBP to the user's own
 * phone at a bank they pick. Holds, limits, fees, approvals and confirmations: docs/api.md "Withdrawals".
 */
import * as z from 'zod/mini';
import { defineEndpoint, Id, Money, noNul, PositiveMinorUnits, Timestamp, DecimalString } from './core';
import { isTronAddress } from './tron-address';

/** A TRON address whose base58check checksum and prefix (0x41) hold. */
export const CheckedTronAddress = z.string().check(
  z.maxLength(64),
  z.refine(isTronAddress, 'Not a TRON address: check it character by character (it starts with T and has 34 characters)'),
);

export const ADDRESS_LABEL_MAX_LENGTH = 32;
/** A saved address's label: 1–32 characters, trimmed, no control or invisible characters. */
export const AddressLabel = z.string().check(
  noNul,
  z.maxLength(ADDRESS_LABEL_MAX_LENGTH * 4),
  z.overwrite((value) => value.normalize('NFC').trim()),
  z.minLength(1, 'Give the address a name'),
  z.maxLength(ADDRESS_LABEL_MAX_LENGTH, `At most ${ADDRESS_LABEL_MAX_LENGTH} characters`),
  z.refine((value) => !/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/.test(value), 'The name holds control or invisible characters'),
);

export const SavedAddress = z.object({
  id: Id,
  network: z.literal('TRON'),
  address: z.string(),
  label: z.string(),
  createdAt: Timestamp,
  /** Withdrawals to a new address are held for 24 hours after it was added (WITHDRAWAL_ON_HOLD until then). */
  usableFrom: Timestamp,
});
export type SavedAddress = z.infer<typeof SavedAddress>;

export const SbpBank = z.object({ id: z.string(), name: z.string() });
export type SbpBank = z.infer<typeof SbpBank>;

const MethodLimits = {
  available: z.boolean(),
  /** Charged on top of the amount, in the wallet currency. */
  fee: Money,
  min: Money,
  /** Most that may leave in any 24 hours (the amounts, fees not counted). */
  daily: Money,
  withdrawnLast24h: Money,
  remaining: Money,
  /** Larger withdrawals wait for an operator's approval (the money is held meanwhile). */
  approvalAbove: Money,
};

export const WithdrawalOptions = z.object({
  usdt: z.object({ ...MethodLimits, network: z.literal('TRON') }),
  sbp: z.object({
    ...MethodLimits,
    /** The user's own phone the payout goes to, masked ("+7 ••• •••-45-67"). */
    phoneMasked: z.string(),
    banks: z.array(SbpBank),
  }),
  /** Withdrawals are held after a sign-in on a new device until this time; null when not held. */
  deviceHoldUntil: z.nullable(Timestamp),
  holdHours: z.int(),
});
export type WithdrawalOptions = z.infer<typeof WithdrawalOptions>;

export const WithdrawalStatus = z.enum(['awaitingApproval', 'processing', 'completed', 'failed', 'rejected']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const Withdrawal = z.object({
  id: Id,
  method: z.enum(['usdt', 'sbp']),
  status: WithdrawalStatus,
  /** What the destination receives. */
  amount: Money,
  fee: Money,
  /** amount + fee: what left the wallet (held while processing, back in the wallet when failed or rejected). */
  total: Money,
  destination: z.union([
    z.object({ kind: z.literal('tron'), address: z.string(), label: z.nullable(z.string()), usdtAmount: DecimalString }),
    z.object({ kind: z.literal('sbp'), bankId: z.string(), bankName: z.string(), phoneMasked: z.string() }),
  ]),
  txHash: z.nullable(z.string()),
  explorerUrl: z.nullable(z.url()),
  failureCode: z.nullable(z.string()),
  /** The wallet transaction (pending while processing). */
  transactionId: Id,
  createdAt: Timestamp,
  finishedAt: z.nullable(Timestamp),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

/** The email code that confirms a withdrawal (6 digits), with the fee the user saw. */
const confirmation = {
  code: z.string().check(z.regex(/^\d{6}$/, 'The code has 6 digits')),
  /** The fee shown before confirming; a different fee now → WITHDRAWAL_FEE_CHANGED (nothing moves). */
  fee: Money,
};

export const UsdtWithdrawalBody = z.strictObject({ addressId: Id, amount: PositiveMinorUnits, ...confirmation });
export const SbpWithdrawalBody = z.strictObject({ bankId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/)), amount: PositiveMinorUnits, ...confirmation });

export const AddAddressBody = z.strictObject({ address: CheckedTronAddress, label: AddressLabel });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────────────

export const withdrawalsOptions = defineEndpoint({
  id: 'withdrawals.options',
  method: 'GET',
  path: '/api/withdrawals/options',
  auth: 'bearer',
  tag: 'withdrawals',
  summary: 'Fees, minimums, 24-hour limits, approval thresholds, SBP banks and holds for both withdrawal methods.',
  response: WithdrawalOptions,
});

export const withdrawalsAddresses = defineEndpoint({
  id: 'withdrawals.addresses',
  method: 'GET',
  path: '/api/withdrawals/addresses',
  auth: 'bearer',
  tag: 'withdrawals',
  summary: "The caller's saved TRON addresses, newest first.",
  response: z.object({ items: z.array(SavedAddress) }),
});

export const withdrawalsAddAddress = defineEndpoint({
  id: 'withdrawals.addAddress',
  method: 'POST',
  path: '/api/withdrawals/addresses',
  auth: 'bearer',
  requires: ['verified', 'step-up'],
  tag: 'withdrawals',
  summary: 'Saves a TRON address with a label (usable for withdrawals 24 hours later).',
  body: AddAddressBody,
  response: SavedAddress,
});

export const withdrawalsRemoveAddress = defineEndpoint({
  id: 'withdrawals.removeAddress',
  method: 'POST',
  path: '/api/withdrawals/addresses/{addressId}/remove',
  auth: 'bearer',
  tag: 'withdrawals',
  summary: 'Removes a saved address.',
  params: z.object({ addressId: Id }),
  response: z.object({ removed: z.literal(true) }),
});

export const withdrawalsSendCode = defineEndpoint({
  id: 'withdrawals.sendCode',
  method: 'POST',
  path: '/api/withdrawals/email-code',
  auth: 'bearer',
  requires: ['verified'],
  tag: 'withdrawals',
  summary: "Mails a 6-digit code that confirms the caller's next withdrawal.",
  response: z.object({ resendInSeconds: z.int(), expiresInSeconds: z.int() }),
});

export const withdrawalsUsdt = defineEndpoint({
  id: 'withdrawals.usdt',
  method: 'POST',
  path: '/api/withdrawals/usdt',
  auth: 'bearer',
  requires: ['verified', 'step-up'],
  idempotent: true,
  tag: 'withdrawals',
  summary: 'Withdraws USDT (TRC20) to a saved address: the money is held, then sent by a job.',
  body: UsdtWithdrawalBody,
  response: Withdrawal,
});

export const withdrawalsSbp = defineEndpoint({
  id: 'withdrawals.sbp',
  method: 'POST',
  path: '/api/withdrawals/sbp',
  auth: 'bearer',
  requires: ['verified', 'step-up'],
  idempotent: true,
  tag: 'withdrawals',
  summary: "Withdraws RUB by SBP to the caller's own phone at the bank they pick: held, then paid out by a job.",
  body: SbpWithdrawalBody,
  response: Withdrawal,
});

export const withdrawalsGet = defineEndpoint({
  id: 'withdrawals.get',
  method: 'GET',
  path: '/api/withdrawals/{withdrawalId}',
  auth: 'bearer',
  tag: 'withdrawals',
  summary: 'One withdrawal of the caller, as it stands now.',
  params: z.object({ withdrawalId: Id }),
  response: Withdrawal,
});

/** The withdrawal endpoints by id (composed in index.ts). */
export const withdrawalsEndpoints = {
  'withdrawals.options': withdrawalsOptions,
  'withdrawals.addresses': withdrawalsAddresses,
  'withdrawals.addAddress': withdrawalsAddAddress,
  'withdrawals.removeAddress': withdrawalsRemoveAddress,
  'withdrawals.sendCode': withdrawalsSendCode,
  'withdrawals.usdt': withdrawalsUsdt,
  'withdrawals.sbp': withdrawalsSbp,
  'withdrawals.get': withdrawalsGet,
} as const;
