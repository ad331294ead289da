export { freezeCardAction } from './ui/freeze-action';
