export { FreezeButton } from './ui/freeze-button';
