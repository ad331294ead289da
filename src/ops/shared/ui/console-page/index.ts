export { ConsolePage, Panel, type ConsolePageProps } from './console-page';
