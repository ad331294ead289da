import type { VerificationStatus } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Badge, type BadgeTone } from '@/shared/ui';

const TONE: Record<VerificationStatus, BadgeTone> = { verified: 'success', under_verification: 'warning', verification_failed: 'danger' };

/** A user's verification state, with "frozen" beside it when an operator froze the account. */
export function VerificationBadge({ status, frozen = false }: { status: VerificationStatus; frozen?: boolean }) {
  const { t } = useTranslation('ops-users');
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>
      {frozen && <Badge tone="danger">{t('status.frozen')}</Badge>}
    </span>
  );
}
