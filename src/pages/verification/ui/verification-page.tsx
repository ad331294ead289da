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
import { verificationTexts } from '../i18n/texts';

function SignedOut() {
  const { t } = useTranslation([verificationTexts.ns, 'errors']);
  return (
    <Page safeArea={false} title={t(`${verificationTexts.ns}:verification.title`)}>
      <Alert tone="info" title={t('errors:auth.noToken')}>
        {t(`${verificationTexts.ns}:verification.signedOut`)}
      </Alert>
      <div className={styles.actions}>
        <LinkButton to={routePaths.signIn} fullWidth>
          {t(`${verificationTexts.ns}:verification.signIn`)}
        </LinkButton>
        <LinkButton to={routePaths.signUp} variant="plain" fullWidth>
          {t(`${verificationTexts.ns}:verification.signUp`)}
        </LinkButton>
      </div>
    </Page>
  );
}

/** Route /verification: "under verification" (limited), "verification failed" (contact support), or verified. */
export function VerificationPage() {
  usePageLifecycle(verificationPage);
  const { t } = useTranslation([verificationTexts.ns, 'errors', 'common']);
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
      <Page safeArea={false} title={t(`${verificationTexts.ns}:verification.title`)} footer={footer}>
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
    <Page safeArea={false} title={t(`${verificationTexts.ns}:verification.title`)} footer={footer}>
      <p className={styles.account}>
        {user.name} · {user.email}
      </p>
      {user.frozen && <FrozenNotice reason={user.frozen.reason} />}
      {status === 'under_verification' && (
        <section className={styles.state} aria-labelledby="verification-state">
          <Badge tone="warning">{t(`${verificationTexts.ns}:verification.underBadge`)}</Badge>
          <h2 id="verification-state" className={styles.heading}>
            {t(`${verificationTexts.ns}:verification.underTitle`)}
          </h2>
          <p className={styles.text}>{t(`${verificationTexts.ns}:verification.underText`)}</p>
          {user.verificationRequest && (
            <Alert tone="warning">
              {t('errors:verification.verificationRequest', {
                items: user.verificationRequest.items.map((item) => t(`errors:verification.verificationItems.${item}`)).join('; '),
              })}
            </Alert>
          )}
          <ul className={styles.list}>
            <li>{t(`${verificationTexts.ns}:verification.limited.money`)}</li>
            <li>{t(`${verificationTexts.ns}:verification.limited.cards`)}</li>
            <li>{t(`${verificationTexts.ns}:verification.limited.browse`)}</li>
          </ul>
          <p className={styles.hint}>{t(`${verificationTexts.ns}:verification.underHint`)}</p>
          <div className={styles.actions}>
            <PrimaryAction onClick={refresh} loading={refreshing}>
              {t(`${verificationTexts.ns}:verification.refresh`)}
            </PrimaryAction>
            <LinkButton to={routePaths.wallet} variant="secondary" fullWidth>
              {t(`${verificationTexts.ns}:verification.toWallet`)}
            </LinkButton>
          </div>
        </section>
      )}
      {status === 'verification_failed' && (
        <section className={styles.state} aria-labelledby="verification-state">
          <Badge tone="danger">{t(`${verificationTexts.ns}:verification.failedBadge`)}</Badge>
          <h2 id="verification-state" className={styles.heading}>
            {t(`${verificationTexts.ns}:verification.failedTitle`)}
          </h2>
          <Alert tone="danger">{t('errors:verification.failed')}</Alert>
          <div className={styles.actions}>
            <PrimaryAction onClick={contactSupport} disabled={!support}>
              {t(`${verificationTexts.ns}:verification.contactSupport`)}
            </PrimaryAction>
            {support && (
              <p className={styles.hint}>
                {t(`${verificationTexts.ns}:verification.supportEmail`)} <a href={`mailto:${support.email}`}>{support.email}</a>
              </p>
            )}
            <PrimaryAction slot="secondary" onClick={refresh} loading={refreshing}>
              {t(`${verificationTexts.ns}:verification.refresh`)}
            </PrimaryAction>
          </div>
        </section>
      )}
      {status === 'verified' && (
        <section className={styles.state} aria-labelledby="verification-state">
          <Badge tone="success">{t(`${verificationTexts.ns}:verification.verifiedBadge`)}</Badge>
          <h2 id="verification-state" className={styles.heading}>
            {t(`${verificationTexts.ns}:verification.verifiedTitle`)}
          </h2>
          <p className={styles.text}>{t(`${verificationTexts.ns}:verification.verifiedText`)}</p>
          <LinkButton to={routePaths.wallet} fullWidth>
            {t(`${verificationTexts.ns}:verification.toWallet`)}
          </LinkButton>
        </section>
      )}
      {refreshError && <Alert tone="danger">{t(refreshError.keys, { defaultValue: refreshError.defaultValue })}</Alert>}
    </Page>
  );
}
