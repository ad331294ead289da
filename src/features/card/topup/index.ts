export { topUpOpened, $topUpCard } from './model/topup';
export { topUpCardAction } from './ui/topup-action';
