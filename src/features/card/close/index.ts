export { closeCardAction } from './ui/close-action';
