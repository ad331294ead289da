import type { ActivityItem } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Badge, ListItem } from '@/shared/ui';
import { activityText } from '../lib/activity-text';
import { activityTexts } from '../i18n/texts';

/** One activity entry: its sentence, when it happened, and "New" when it was unread as the list opened. */
export function ActivityRow({ item }: { item: ActivityItem }) {
  const { t } = useTranslation([activityTexts.ns, 'notifications', 'errors']);
  const format = useFormatters();
  return (
    <ListItem
      title={activityText(item, t as never, format)}
      subtitle={format.dateTime(item.createdAt)}
      trailing={item.read ? undefined : <Badge tone="info">{t(`${activityTexts.ns}:unread`)}</Badge>}
    />
  );
}
