export { SummaryList, type SummaryRow } from './summary-list';
