export { activateOpened, $activateCard } from './model/activate';
export { activateCardAction } from './ui/activate-action';
