export { revealCardAction } from './ui/reveal-action';
