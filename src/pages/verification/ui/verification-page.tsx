import { useUnit } from 'effector-react';
import { $isAuthenticated } from '@/entities/session';
import { $user, $userError, $userRefreshError, $userRefreshing, $userState, $verificationStatus, FrozenNotice, userRequested } from '@/entities/user';
import { SignOutButton } from '@/features/sign-out';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Alert, Badge, Button, PrimaryAction, ErrorState, LinkButton, Page, Skeleton } from '@/shared/ui';
import { $support, refreshClicked, supportTelegramClicked, verificationPage } from '../model/verification';
import styles from './verification-page.module.css';

function SignedOut() {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <Page safeArea={false} title={t('auth:verification.title')}>
      <Alert tone="info" title={t('errors:auth.noToken')}>
        {t('auth:verification.signedOut')}
      </Alert>
      <div className={styles.actions}>
        <LinkButton to={routePaths.signIn} fullWidth>
          {t('auth:verification.signIn')}
        </LinkButton>
        <LinkButton to={routePaths.signUp} variant="plain" fullWidth>
          {t('auth:verification.signUp')}
        </LinkButton>
      </div>
    </Page>
  );
}

/** Route /verification: "under verification" (limited), "verification failed" (contact support), or verified. */
export function VerificationPage() {
  usePageLifecycle(verificationPage);
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const [authenticated, user, status, state, error, refreshing, refreshError, support] = useUnit([
    $isAuthenticated,
    $user,
    $verificationStatus,
    $userState,
    $userError,
    $userRefreshing,
    $userRefreshError,
    $support,
  ]);
  const [retry, refresh, contactSupport] = useUnit([userRequested, refreshClicked, supportTelegramClicked]);

  if (!authenticated) return <SignedOut />;

  const footer = <SignOutButton variant="plain" fullWidth />;

  if (!user) {
    return (
      <Page safeArea={false} title={t('auth:verification.title')} footer={footer}>
        {state === 'error' && error ? (
          <ErrorState
            title={t('errors:auth.getUserFailed')}
            message={t(error.keys, { defaultValue: error.defaultValue })}
            onRetry={retry}
          />
        ) : (
          <div className={styles.loading} aria-busy="true" aria-label={t('common:status.loading')}>
            <Skeleton height={28} width="60%" />
            <Skeleton height={120} />
          </div>
        )}
      </Page>
    );
  }

  return (
    <Page safeArea={false} title={t('auth:verification.title')} footer={footer}>
      <p className={styles.account}>
        {user.name} · {user.email}
      </p>
      {user.frozen && <FrozenNotice reason={user.frozen.reason} />}
      {status === 'under_verification' && (
        <section className={styles.state} aria-labelledby="verification-state">
          <Badge tone="warning">{t('auth:verification.underBadge')}</Badge>
          <h2 id="verification-state" className={styles.heading}>
            {t('auth:verification.underTitle')}
          </h2>
          <p className={styles.text}>{t('auth:verification.underText')}</p>
          {user.verificationRequest && (
            <Alert tone="warning">
              {t('errors:verification.verificationRequest', {
                items: user.verificationRequest.items.map((item) => t(`errors:verification.verificationItems.${item}`)).join('; '),
              })}
            </Alert>
          )}
          <ul className={styles.list}>
            <li>{t('auth:verification.limited.money')}</li>
            <li>{t('auth:verification.limited.cards')}</li>
            <li>{t('auth:verification.limited.browse')}</li>
          </ul>
          <p className={styles.hint}>{t('auth:verification.underHint')}</p>
          <div className={styles.actions}>
            <PrimaryAction onClick={refresh} loading={refreshing}>
              {t('auth:verification.refresh')}
            </PrimaryAction>
            <LinkButton to={routePaths.wallet} variant="secondary" fullWidth>
              {t('auth:verification.toWallet')}
            </LinkButton>
          </div>
        </section>
      )}
      {status === 'verification_failed' && (
        <section className={styles.state} aria-labelledby="verification-state">
          <Badge tone="danger">{t('auth:verification.failedBadge')}</Badge>
          <h2 id="verification-state" className={styles.heading}>
            {t('auth:verification.failedTitle')}
          </h2>
          <Alert tone="danger">{t('errors:verification.failed')}</Alert>
          <div className={styles.actions}>
            <PrimaryAction onClick={contactSupport} disabled={!support}>
              {t('auth:verification.contactSupport')}
            </PrimaryAction>
            {support && (
              <p className={styles.hint}>
                {t('auth:verification.supportEmail')} <a href={`mailto:${support.email}`}>{support.email}</a>
              </p>
            )}
            <PrimaryAction slot="secondary" onClick={refresh} loading={refreshing}>
              {t('auth:verification.refresh')}
            </PrimaryAction>
          </div>
        </section>
      )}
      {status === 'verified' && (
        <section className={styles.state} aria-labelledby="verification-state">
          <Badge tone="success">{t('auth:verification.verifiedBadge')}</Badge>
          <h2 id="verification-state" className={styles.heading}>
            {t('auth:verification.verifiedTitle')}
          </h2>
          <p className={styles.text}>{t('auth:verification.verifiedText')}</p>
          <LinkButton to={routePaths.wallet} fullWidth>
            {t('auth:verification.toWallet')}
          </LinkButton>
        </section>
      )}
      {refreshError && <Alert tone="danger">{t(refreshError.keys, { defaultValue: refreshError.defaultValue })}</Alert>}
    </Page>
  );
}
