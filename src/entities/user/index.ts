export {
  meQuery,
  UserGate,
  userRequested,
  userRefreshRequested,
  userErrorMessage,
  $user,
  $verificationStatus,
  $userState,
  $userError,
  $userRefreshing,
  $userRefreshError,
} from './model/user';
export { VerificationBanner, type VerificationBannerProps } from './ui/verification-banner';
export { $moneyBlock, moneyBlockOf, type MoneyBlock } from './model/money-block';
export { MoneyBlockNotice, type MoneyBlockNoticeProps } from './ui/money-block-notice';
export { UserAvatar, type UserAvatarProps } from './ui/user-avatar';
