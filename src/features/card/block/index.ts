export { blockCardAction } from './ui/block-action';
