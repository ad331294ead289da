export {
  createCardMutation,
  issueFormOpened,
  issueFormClosed,
  depositChanged,
  issuePressed,
  issueConfirmed,
  confirmationClosed,
  $productId,
  $depositInput,
  $deposit,
  $depositError,
  $issueBlock,
  $selectionError,
  $charge,
  $shortfall as $issueShortfall,
  $confirmationOpen,
  $issuing,
  $issuedCard,
  $productGone,
  type IssueBlock,
} from './model/issue';
export { IssueForm, IssueButton, IssueConfirmation, IssueBlockNotice } from './ui/issue-form';
export { productPicked, pickContinued, pickNavigated, pickReset, $pickedProductId, $pickError, $continueTo } from './model/pick';
