export {
  activateMutation,
  activateOpened,
  activateClosed,
  codeChanged,
  activateSubmitted,
  scanPressed,
  scanFx,
  $activateCard,
  $activateOpen,
  $code as $activationCode,
  $codeProblem,
  $codeProblemText,
  $attemptsLeft,
  $scanAvailable,
  $scanError,
  $activating,
  SCAN_TIMEOUT_MS,
  type CodeProblem,
} from './model/activate';
export { extractActivationCode, isActivationCode } from './lib/activation-code';
export { ActivateSheet } from './ui/activate-sheet';
