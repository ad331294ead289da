import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { $user, $userError, $userState, UserAvatar, userRequested } from '@/entities/user';
import { ChangeEmail } from '@/features/change-email';
import { CopyPromoCodeButton } from '@/features/copy-promo-code';
import { DeleteAccount } from '@/features/delete-account';
import { ShareReferralButton } from '@/features/share-referral';
import { routePaths } from '@/shared/config';
import type { UserProfile, VerificationStatus } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Badge, ErrorState, Page, Section, Skeleton, type BadgeTone } from '@/shared/ui';
import { profilePage } from '../model/profile-page';
import { EditProfileForm } from './edit-profile-form';
import styles from './profile-page.module.css';
import { profileTexts } from '../i18n/texts';

const VERIFICATION_TONE: Record<VerificationStatus, BadgeTone> = {
  verified: 'success',
  under_verification: 'warning',
  verification_failed: 'danger',
};

function Details({ user }: { user: UserProfile }) {
  const { t } = useTranslation(profileTexts.ns);
  const format = useFormatters();
  const rows: Array<[string, string]> = [
    [t('fields.phone'), user.phoneNumber],
    [t('fields.country'), t(`countries.${user.country}`)],
    [t('fields.memberSince'), format.date(user.createdAt)],
  ];
  return (
    <Section title={t('fields.label')}>
      <dl className={styles.fields}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.field}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function Verification({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation([profileTexts.ns, 'errors']);
  const text =
    status === 'verified'
      ? t(`${profileTexts.ns}:verification.verifiedText`)
      : status === 'under_verification'
        ? t(`${profileTexts.ns}:verification.underText`)
        : t('errors:verification.failed');
  return (
    <Section title={t(`${profileTexts.ns}:verification.title`)}>
      <div className={styles.verification}>
        <div className={styles.verificationHead}>
          <Badge tone={VERIFICATION_TONE[status]}>{t(`${profileTexts.ns}:verification.${status}`)}</Badge>
          <Link className={styles.link} to={routePaths.verification}>
            {t(`${profileTexts.ns}:verification.details`)}
          </Link>
        </div>
        <p className={styles.verificationText}>{text}</p>
      </div>
    </Section>
  );
}

function PromoCode({ code }: { code: string }) {
  const { t } = useTranslation(profileTexts.ns);
  return (
    <Section title={t('promo.title')} footer={t('promo.footer')}>
      <div className={styles.promo}>
        <div className={styles.promoHead}>
          <output className={styles.promoCode} aria-label={t('promo.title')}>
            {code}
          </output>
          <Link className={styles.link} to={routePaths.referral}>
            {t('promo.program')}
          </Link>
        </div>
        <div className={styles.promoActions}>
          <CopyPromoCodeButton code={code} size="m" fullWidth />
          <ShareReferralButton code={code} size="m" variant="secondary" fullWidth />
        </div>
      </div>
    </Section>
  );
}

function Telegram({ user }: { user: UserProfile }) {
  const { t } = useTranslation(profileTexts.ns);
  const telegram = user.telegram;
  return (
    <Section title={t('telegram.title')}>
      {telegram ? (
        <div className={styles.telegram}>
          <UserAvatar user={user} size={40} />
          <div className={styles.telegramText}>
            <span className={styles.telegramName}>{telegram.username ? `@${telegram.username}` : telegram.firstName}</span>
            <span className={styles.telegramHint}>
              {t('telegram.linked')}
              {telegram.username ? ` · ${telegram.firstName}` : ''}
            </span>
          </div>
        </div>
      ) : (
        <p className={styles.telegramNone}>{t('telegram.notLinked')}</p>
      )}
    </Section>
  );
}

/** /profile (SPEC §2 implies a profile screen; path chosen here): the signed-in user's data from GET /api/users/me. */
export function ProfilePage() {
  usePageLifecycle(profilePage);
  const { t } = useTranslation([profileTexts.ns, 'errors']);
  const [user, state, error, retry] = useUnit([$user, $userState, $userError, userRequested]);

  let content;
  if (user) {
    content = (
      <>
        <div className={styles.header}>
          <UserAvatar user={user} size={72} />
          <h2 className={styles.name}>{user.name}</h2>
          <p className={styles.email}>{user.email}</p>
        </div>
        <Details user={user} />
        <EditProfileForm user={user} />
        <ChangeEmail currentEmail={user.email} />
        <Verification status={user.verificationStatus} />
        <PromoCode code={user.promoCode} />
        <Telegram user={user} />
        <DeleteAccount />
      </>
    );
  } else if (state === 'error') {
    const title = t('errors:auth.getUserFailed');
    const detail = error ? t(error.keys, { defaultValue: error.defaultValue }) : undefined;
    content = <ErrorState title={title} message={detail && detail !== title ? detail : t('errors:general.fetchFailed')} onRetry={retry} />;
  } else {
    content = (
      <div className={styles.loading} role="status" aria-busy="true" aria-label={t(`${profileTexts.ns}:loading`)}>
        <Skeleton width={72} height={72} radius="50%" />
        <Skeleton width="50%" height={22} />
        <Skeleton height={180} radius={16} />
      </div>
    );
  }
  return (
    <Page title={t(`${profileTexts.ns}:title`)} safeArea={false}>
      {content}
    </Page>
  );
}
