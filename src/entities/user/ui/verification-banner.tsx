import { useGate, useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui';
import { $user, $verificationStatus, UserGate } from '../model/user';
import { FrozenNotice } from './money-block-notice';
import styles from './verification-banner.module.css';
import { userTexts } from '../i18n/texts';

export interface VerificationBannerProps {
  className?: string;
}

/**
 * SPEC §1 account states for app screens (wallet, ...): "under verification" (some features limited, and what support
 * asked for, if anything) or "verification failed" (contact support), each linking to /verification; an account an
 * operator froze says why (docs/ops.md). Nothing for a verified account or while the user loads. Loads the user itself
 * (cached; polled while the account is blocked, so an operator's decision shows without a reload).
 */
export function VerificationBanner({ className }: VerificationBannerProps) {
  useGate(UserGate);
  const { t } = useTranslation([userTexts.ns, 'errors']);
  const [status, user] = useUnit([$verificationStatus, $user]);
  if (user?.frozen) return <FrozenNotice reason={user.frozen.reason} className={className} />;
  if (status === 'under_verification') {
    const request = user?.verificationRequest;
    return (
      <Alert
        tone="warning"
        className={className}
        title={t(`${userTexts.ns}:banner.underVerificationTitle`)}
        action={
          <Link className={styles.link} to={routePaths.verification}>
            {t(`${userTexts.ns}:banner.details`)}
          </Link>
        }
      >
        {request
          ? t('errors:verification.verificationRequest', { items: request.items.map((item) => t(`errors:verification.verificationItems.${item}`)).join('; ') })
          : t(`${userTexts.ns}:banner.underVerificationText`)}
      </Alert>
    );
  }
  if (status === 'verification_failed') {
    return (
      <Alert
        tone="danger"
        className={className}
        action={
          <Link className={styles.link} to={routePaths.verification}>
            {t(`${userTexts.ns}:banner.contactSupport`)}
          </Link>
        }
      >
        {t('errors:verification.failed')}
      </Alert>
    );
  }
  return null;
}
