export {
  sendCodeMutation,
  codeRequested,
  codeChanged,
  codeRejected,
  changeEmailClicked,
  reset as codeStepReset,
  codeSent,
  codeSubmitted,
  $email as $codeEmail,
  $codeError,
} from './model/email-code';
export {
  authErrorMessage,
  authMessage,
  isCodeError,
  serverErrorCode,
  type AuthMessage,
} from './lib/auth-message';
export { EmailCodeStep, useAuthMessage } from './ui/email-code-step';
export { verifyEmailCodeTexts } from './i18n/texts';
