export { lazySheet, useIdlePreload } from './lazy-sheet';
