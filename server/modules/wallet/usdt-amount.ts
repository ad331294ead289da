/** USDT amounts and deposit tags are money rules shared with the app: the kernel owns them (src/shared/money/usdt.ts). */
export {
  formatUsdtAmount,
  MICRO_PER_CENT,
  microToCents,
  parseUsdtAmount,
  randomTag,
  tagOfAmount,
} from '@/shared/money';
