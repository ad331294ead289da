export { lazySheet, type LazySheetProps } from './lazy-sheet';
