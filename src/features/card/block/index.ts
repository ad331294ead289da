export { BlockCardButton, BlockCardSheet, ReplaceCardOffer } from './ui/block-card';
