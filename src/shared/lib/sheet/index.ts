export { createAmountSheet, type AmountSheetStep } from './amount-sheet';
export { lazySheetOpened } from './lazy-sheet-opened';
