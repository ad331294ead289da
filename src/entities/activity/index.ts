export {
  activityUnreadRequested,
  activityOpened,
  moreActivityRequested,
  $activityItems,
  $activityState,
  $activityError,
  $hasMoreActivity,
  $loadingMoreActivity,
  $moreActivityError,
} from './model/activity';
export { ActivityRow } from './ui/activity-row';
export { ActivityUnreadBadge } from './ui/activity-badge';
