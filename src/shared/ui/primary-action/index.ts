export { PrimaryAction, type PrimaryActionProps } from './primary-action';
export {
  $mainButton,
  $secondaryButton,
  $primaryActions,
  primaryActionSet,
  primaryActionRemoved,
  bottomButtonPressed,
  type PrimaryActionEntry,
  type PrimaryActionSlot,
} from './model';
