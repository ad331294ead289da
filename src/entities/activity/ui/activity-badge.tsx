import { useUnit } from 'effector-react';
import { useFormatters } from '@/shared/i18n';
import { Badge } from '@/shared/ui';
import { $activityUnread, ACTIVITY_UNREAD_CAP } from '../model/activity';

/** The unread count ("99+" from the cap's edge); nothing when all is read. */
export function ActivityUnreadBadge() {
  const unread = useUnit($activityUnread);
  const format = useFormatters();
  if (unread === 0) return null;
  return (
    <Badge tone="danger">
      <span data-testid="activity-unread">{unread >= ACTIVITY_UNREAD_CAP ? `${format.number(ACTIVITY_UNREAD_CAP - 1)}+` : format.number(unread)}</span>
    </Badge>
  );
}
