export { Sheet } from './sheet';
