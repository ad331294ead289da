export { ActionDialog } from './action-dialog';
