export { updateStatusMutation, freezeToggled, freezeActionOf, $freezePending, type FreezeAction } from './model/freeze';
export { FreezeButton, type FreezeButtonProps } from './ui/freeze-button';
