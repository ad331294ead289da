export { lazySheet, useIdlePreload, type LazySheetProps } from './lazy-sheet';
