export { buildSignInPath, getReturnTo, useReturnTo } from './return-to';
export { handleBack, useBackHandler, useBackHandlerCount } from './back-stack';
export { cn } from './class-names';
export { createAmountSheet, lazySheetOpened, type AmountSheetStep } from './sheet';
export { writeClipboard, clearCopiedText, onNextFocus, type ClipboardClearResult } from './clipboard';
export { navigateFx, useRouterBinding, createPageLifecycle, usePageLifecycle, type NavigateTo } from './router';
export { PERIOD_KEYS, periodInstants, localDateValue, dayRangeInstants, type PeriodKey } from './period';
export { holdUntilFirstScreen, firstScreenPainted, useAfterFirstScreen, afterFirstScreen } from './first-screen';
