export { RunReconciliation } from './ui/reconciliation-run';
export { runReconciliation } from './model/reconciliation-run';
