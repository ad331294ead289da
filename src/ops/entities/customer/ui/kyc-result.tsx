import type { KycCheck } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Badge, type BadgeTone } from '@/shared/ui';

const TONE: Record<KycCheck['status'], BadgeTone> = { pending: 'neutral', approved: 'success', rejected: 'danger', error: 'warning' };

/** The KYC provider's check of a user: none connected, pending, or its result (advice for the reviewer). */
export function KycResult({ check }: { check: KycCheck | null }) {
  const { t } = useTranslation('ops-users');
  const { dateTime } = useFormatters();
  if (!check) return <span>{t('kyc.none')}</span>;
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
      <Badge tone={TONE[check.status]}>{t(`kyc.status.${check.status}`)}</Badge>
      <span>
        {check.provider}
        {check.reason ? ` · ${check.reason}` : ''}
        {check.decidedAt ? ` · ${dateTime(check.decidedAt)}` : ''}
      </span>
    </span>
  );
}
