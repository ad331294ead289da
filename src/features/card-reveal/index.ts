export {
  sensitiveMutation,
  revealRequested,
  revealDialogConfirmed,
  revealDialogCancelled,
  hideRequested,
  revealClosed,
  copyRequested,
  authorizeFx,
  keyPairFx,
  decryptFx,
  copyFx,
  $phase as $revealPhase,
  $revealCardId,
  $revealed,
  $secondsLeft,
  $dialogOpen as $revealDialogOpen,
  type RevealPhase,
  type RevealedCard,
  type RevealField,
  type Authorization,
} from './model/reveal';
export { REVEAL_MAX_SECONDS, revealSeconds } from './lib/reveal-timing';
export { RevealButton, RevealDialog, RevealPanel, type RevealButtonProps } from './ui/reveal';
