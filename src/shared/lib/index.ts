export { RETURN_TO_PARAM, sanitizeReturnTo, buildSignInPath, getReturnTo, useReturnTo } from './return-to';
export { pushBackHandler, handleBack, useBackHandler, useBackHandlerCount } from './back-stack';
export { cn } from './class-names';
export { createAmountSheet, type AmountSheet, type AmountSheetStep } from './amount-sheet';
export { lazySheetOpened } from './lazy-sheet-opened';
export { writeClipboard, clearCopiedText, onNextFocus, type ClipboardClearResult } from './clipboard';
export {
  navigateFx,
  useRouterBinding,
  createPageLifecycle,
  usePageLifecycle,
  type NavigateTo,
  type PageLifecycle,
} from './router';
export {
  PERIOD_KEYS,
  periodInstants,
  localDateValue,
  parseLocalDate,
  dayRangeInstants,
  type PeriodKey,
  type Instants,
} from './period';
