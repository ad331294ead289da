export { DecideAdjustmentButtons, DecideAdjustmentDialogs } from './ui/adjustment-decide';
export { approveAdjustment, rejectAdjustment } from './model/adjustment-decide';
