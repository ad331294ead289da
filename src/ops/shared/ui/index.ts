export { ConsolePage, Panel } from './console-page';
export { DataTable, type Column } from './data-table';
export { ConsoleDialog } from './console-dialog';
export { ActionDialog } from './action-dialog';
export { Details } from './details';
export { ErrorText } from './error-text';
export { CheckboxGroup } from './checkbox-group';
