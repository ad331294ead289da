import type { CardStatus } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Badge, Spinner } from '@/shared/ui';
import { isTransitionalStatus, statusTone } from '../lib/status';
import styles from './card-status-badge.module.css';

export interface CardStatusBadgeProps {
  status: CardStatus;
  className?: string;
}

/** SPEC §4 status, translated; in-between statuses get a small spinner (they change by themselves). */
export function CardStatusBadge({ status, className }: CardStatusBadgeProps) {
  const { t } = useTranslation('cards');
  return (
    <Badge tone={statusTone(status)} className={className}>
      <span className={styles.content} data-status={status}>
        {isTransitionalStatus(status) && <Spinner size={10} />}
        {t(`status.${status}`)}
      </span>
    </Badge>
  );
}
