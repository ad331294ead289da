export { SummaryList, type SummaryListProps, type SummaryRow } from './summary-list';
