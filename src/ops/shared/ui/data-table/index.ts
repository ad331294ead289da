export { DataTable, type Column } from './data-table';
