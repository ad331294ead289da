export { ConsoleDialog } from './console-dialog';
