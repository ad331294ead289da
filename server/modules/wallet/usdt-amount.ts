/** USDT amounts and deposit tags are money rules shared with the app: the kernel owns them (src/shared/money/usdt.ts). */
export {
  amountWithTag,
  formatUsdtAmount,
  isValidTag,
  MICRO_PER_CENT,
  MICRO_PER_USDT,
  microToCents,
  parseUsdtAmount,
  randomTag,
  tagOfAmount,
} from '@/shared/money';
