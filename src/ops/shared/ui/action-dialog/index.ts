export { ActionDialog, type ActionDialogProps } from './action-dialog';
