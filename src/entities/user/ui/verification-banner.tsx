import { useGate, useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui';
import { $verificationStatus, UserGate } from '../model/user';
import styles from './verification-banner.module.css';

export interface VerificationBannerProps {
  className?: string;
}

/**
 * SPEC §1 account states for app screens (wallet, ...): "under verification" (some features limited)
 * or "verification failed" (contact support), each linking to /verification. Nothing for a verified
 * account or while the user loads. Loads the user itself (cached).
 */
export function VerificationBanner({ className }: VerificationBannerProps) {
  useGate(UserGate);
  const { t } = useTranslation(['auth', 'errors']);
  const status = useUnit($verificationStatus);
  if (status === 'under_verification') {
    return (
      <Alert
        tone="warning"
        className={className}
        title={t('auth:banner.underVerificationTitle')}
        action={
          <Link className={styles.link} to={routePaths.verification}>
            {t('auth:banner.details')}
          </Link>
        }
      >
        {t('auth:banner.underVerificationText')}
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
            {t('auth:banner.contactSupport')}
          </Link>
        }
      >
        {t('errors:verification.failed')}
      </Alert>
    );
  }
  return null;
}
