export {
  issueFormOpened,
  issueFormClosed,
  $issuedCard,
  $productGone,
} from './model/issue';
export { IssueForm, IssueButton, IssueConfirmation, IssueBlockNotice } from './ui/issue-form';
export { productPicked, pickContinued, pickNavigated, pickReset, $pickedProductId, $pickError, $continueTo } from './model/pick';
