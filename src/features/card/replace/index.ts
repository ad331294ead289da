export { replaceCardAction } from './ui/replace-action';
