import type { Referral } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { ListItem } from '@/shared/ui';
import { ReferralStatusBadge } from './referral-status-badge';
import styles from './referral-row.module.css';
import { referralTexts } from '../i18n/texts';

/** One person who signed up with the code: name, sign-up date, status and the bonus they earned. */
export function ReferralRow({ referral }: { referral: Referral }) {
  const { t } = useTranslation(referralTexts.ns);
  const format = useFormatters();
  const initial = Array.from(referral.name)[0]?.toLocaleUpperCase() ?? '?';
  return (
    <ListItem
      icon={
        <span className={styles.avatar} aria-hidden>
          {initial}
        </span>
      }
      title={referral.name}
      subtitle={
        referral.bonus
          ? t('joinedEarned', { date: format.date(referral.registeredAt), amount: format.money(referral.bonus) })
          : t('joined', { date: format.date(referral.registeredAt) })
      }
      trailing={<ReferralStatusBadge status={referral.status} />}
    />
  );
}
