export { CONSOLE_BASENAME, CONSOLE_SECTIONS, opsPaths, type ConsoleSection } from './routes';
