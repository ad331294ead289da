export { PrimaryAction } from './primary-action';
export { primaryActionsSuspended, primaryActionsResumed, $primaryActionsSuspended } from './model';
