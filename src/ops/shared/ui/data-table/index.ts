export { DataTable, type Column, type DataTableProps } from './data-table';
