export { ConsolePage, Panel, type ConsolePageProps } from './console-page';
export { DataTable, type Column, type DataTableProps } from './data-table';
export { ActionDialog, type ActionDialogProps } from './action-dialog';
export { Details } from './details';
export { ErrorText } from './error-text';
export { CheckboxGroup, type CheckboxGroupProps } from './checkbox-group';
