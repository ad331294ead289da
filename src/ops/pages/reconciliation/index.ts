export { ReconciliationPage } from './ui/reconciliation-page';
