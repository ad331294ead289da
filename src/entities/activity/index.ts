export {
  activityUnreadRequested,
  activityOpened,
  moreActivityRequested,
  activityMarkReadMutation,
  $activityUnread,
  $activityItems,
  $activityState,
  $activityError,
  $hasMoreActivity,
  $loadingMoreActivity,
  $moreActivityError,
  ACTIVITY_PAGE_SIZE,
} from './model/activity';
export { activityText, type ActivityFormatters } from './lib/activity-text';
export { ActivityRow } from './ui/activity-row';
export { ActivityUnreadBadge } from './ui/activity-badge';
