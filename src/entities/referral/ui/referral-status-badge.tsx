import type { ReferralStatus } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Badge } from '@/shared/ui';
import { referralTexts } from '../i18n/texts';

/** SPEC §3 referral status, translated: Active (bonus received) in green, Registered (no card yet) neutral. */
export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  const { t } = useTranslation(referralTexts.ns);
  return <Badge tone={status === 'Active' ? 'success' : 'neutral'}>{t(`status.${status}`)}</Badge>;
}
