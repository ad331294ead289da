export {
  topUpOpened,
  $topUpCard,
} from './model/topup';
export { TopUpSheet } from './ui/topup-sheet';
