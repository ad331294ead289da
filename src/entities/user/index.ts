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
export { UserAvatar, type UserAvatarProps } from './ui/user-avatar';
