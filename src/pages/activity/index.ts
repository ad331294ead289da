export { ActivityPage } from './ui/activity-page';
