export {
  topUpMutation,
  topUpOpened,
  topUpClosed,
  amountChanged,
  topUpReviewed,
  topUpEdited,
  topUpConfirmed,
  $topUpCard,
  $topUpProduct,
  $step as $topUpStep,
  $amountInput,
  $amount,
  $amountError,
  $charge as $topUpCharge,
  $submitting as $topUpSubmitting,
  type TopUpStep,
} from './model/topup';
export { TopUpSheet } from './ui/topup-sheet';
