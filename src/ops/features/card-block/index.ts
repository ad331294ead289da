export { BlockCardButton, BlockCardDialog } from './ui/card-block';
export { blockCard } from './model/card-block';
