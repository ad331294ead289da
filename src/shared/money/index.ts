/**
 * The money kernel: rules about money shared by the app and the server (docs/architecture.md "Money kernel").
 * Integer minor units only; pure ECMAScript (BigInt, Intl), no DOM or Node APIs, no effector: the server
 * imports it as `@/shared/money`, the app's slices too.
 */
export { formatMoney, formatMoneyMasked, MASKED_DIGITS, type FormatMoneyOptions, type MoneyValue } from './format';
export { parseAmountInput, minorToDecimal, amountToInputText, CURRENCY_DIGITS, type AmountInputError } from './amount';
export {
  decimalOf,
  formatDecimal,
  exchangeFee,
  computeExchange,
  previewExchange,
  convertAtRate,
  findRate,
  isQuoteExpired,
  quoteSecondsLeft,
  ratesFromMid,
  MID_SCALE,
} from './exchange';
export {
  depositFee,
  depositBounds,
  issueCharge,
  topUpCharge,
  checkAmount,
  type DepositFeeRule,
  type DepositKind,
  type IssueCharge,
  type TopUpCharge,
  type AmountProblem,
} from './deposit';
export { WALLET_TRANSACTION_TYPES, isWalletTransactionType, type LedgerTransactionType } from './transactions';
export {
  MICRO_PER_CENT,
  parseUsdtAmount,
  formatUsdtAmount,
  tagOfAmount,
  amountWithTag,
  microToCents,
  randomTag,
  usdtCredit,
} from './usdt';
