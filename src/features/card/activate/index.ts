export {
  activateOpened,
  $activateCard,
} from './model/activate';
export { ActivateSheet } from './ui/activate-sheet';
