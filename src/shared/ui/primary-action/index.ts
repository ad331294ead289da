export { PrimaryAction, type PrimaryActionProps } from './primary-action';
export {
  $mainButton,
  $secondaryButton,
  $primaryActions,
  primaryActionSet,
  primaryActionRemoved,
  bottomButtonPressed,
  primaryActionsSuspended,
  primaryActionsResumed,
  $primaryActionsSuspended,
  type PrimaryActionEntry,
  type PrimaryActionSlot,
} from './model';
