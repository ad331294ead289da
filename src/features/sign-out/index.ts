export { signOutFx, $signingOut, $signOutError, SIGN_OUT_FAILED_KEY } from './model/sign-out';
export { SignOutButton, type SignOutButtonProps } from './ui/sign-out-button';
