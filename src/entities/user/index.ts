export {
  meQuery,
  userRequested,
  userRefreshRequested,
  $user,
  $verificationStatus,
  $userState,
  $userError,
  $userRefreshing,
  $userRefreshError,
  refreshOnAccountRefusal,
} from './model/user';
export { VerificationBanner } from './ui/verification-banner';
export { $moneyBlock, type MoneyBlock } from './model/money-block';
export { FrozenNotice, MoneyBlockNotice } from './ui/money-block-notice';
export { UserAvatar } from './ui/user-avatar';
export { userTexts } from './i18n/texts';
