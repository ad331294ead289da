export { CardPanel } from './ui/card-panel';
