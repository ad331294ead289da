export { CONSOLE_BASENAME, CONSOLE_SECTIONS, opsPaths } from './routes';
