export { ConsolePage, Panel } from './console-page';
