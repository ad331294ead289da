export { ProposeAdjustment } from './ui/adjustment-propose';
export { proposeAdjustment } from './model/adjustment-propose';
