import type { OperatorRole } from '@/shared/contract/core';
import { useTranslation } from '@/shared/i18n';
import { Badge } from '@/shared/ui';

export function RoleBadges({ roles }: { roles: readonly OperatorRole[] }) {
  const { t } = useTranslation('ops-common');
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      {roles.map((role) => (
        <Badge key={role}>{t(`roles.${role}`)}</Badge>
      ))}
    </span>
  );
}
