export { AdjustmentsPage } from './ui/adjustments-page';
