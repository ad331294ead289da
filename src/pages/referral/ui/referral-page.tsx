import { useUnit } from 'effector-react';
import {
  $hasMoreReferrals,
  $loadingMoreReferrals,
  $moreReferralsError,
  $promoCode,
  $promoCodeError,
  $promoCodeState,
  $referrals,
  $referralsError,
  $referralsState,
  moreReferralsRequested,
  promoCodeRequested,
  ReferralRow,
  referralsRequested,
} from '@/entities/referral';
import { CopyPromoCodeButton } from '@/features/copy-promo-code';
import { ShareReferralButton } from '@/features/share-referral';
import type { ErrorMessage } from '@/shared/api';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Button, EmptyState, ErrorState, IconGift, List, Page, Section, Skeleton } from '@/shared/ui';
import { referralPage } from '../model/referral-page';
import styles from './referral-page.module.css';
import { referralPageTexts } from '../i18n/texts';

/** The detail under a SPEC §8 title, unless it would only repeat the title. */
function useErrorDetail(message: ErrorMessage | null, title: string): string | undefined {
  const { t } = useTranslation();
  if (!message) return undefined;
  const text = t(message.keys, { defaultValue: message.defaultValue });
  return text === title ? undefined : text;
}

function PromoCodeCard() {
  const { t } = useTranslation([referralPageTexts.ns, 'errors']);
  const format = useFormatters();
  const [state, promo, error, retry] = useUnit([$promoCodeState, $promoCode, $promoCodeError, promoCodeRequested]);
  const errorTitle = t('errors:referral.loadPromoCodeFailed');
  const errorDetail = useErrorDetail(error, errorTitle);

  if (state === 'error' && !promo) {
    return <ErrorState title={errorTitle} message={errorDetail ?? t('errors:general.fetchFailed')} onRetry={retry} />;
  }
  if (!promo) {
    return (
      <div className={styles.hero} role="status" aria-busy="true" aria-label={t(`${referralPageTexts.ns}:hero.loading`)}>
        <Skeleton height={22} width="70%" />
        <Skeleton height={48} width="60%" radius={12} />
        <Skeleton height={48} radius={12} />
      </div>
    );
  }
  const bonus = format.price(promo.bonusPerReferral);
  return (
    <>
      <div className={styles.hero}>
        <span className={styles.heroIcon} aria-hidden>
          <IconGift size={28} />
        </span>
        <h2 className={styles.heroTitle}>{t(`${referralPageTexts.ns}:hero.title`, { amount: bonus })}</h2>
        <p className={styles.heroText}>{t(`${referralPageTexts.ns}:hero.text`, { amount: bonus })}</p>
        <div className={styles.codeBox}>
          <span className={styles.codeLabel} id="promo-code-label">
            {t(`${referralPageTexts.ns}:hero.codeLabel`)}
          </span>
          <output className={styles.code} aria-labelledby="promo-code-label" data-testid="promo-code">
            {promo.code}
          </output>
        </div>
        <div className={styles.actions}>
          <ShareReferralButton code={promo.code} fullWidth />
          <CopyPromoCodeButton code={promo.code} fullWidth variant="secondary" />
        </div>
      </div>
      <dl className={styles.stats} aria-label={t(`${referralPageTexts.ns}:stats.label`)}>
        <div className={styles.stat}>
          <dt>{t(`${referralPageTexts.ns}:stats.invited`)}</dt>
          <dd>{format.number(promo.referralsCount)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t(`${referralPageTexts.ns}:stats.active`)}</dt>
          <dd>{format.number(promo.activeCount)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t(`${referralPageTexts.ns}:stats.earned`)}</dt>
          <dd>{format.money(promo.totalEarned)}</dd>
        </div>
      </dl>
    </>
  );
}

function HowItWorks() {
  const { t } = useTranslation(referralPageTexts.ns);
  const format = useFormatters();
  const promo = useUnit($promoCode);
  const amount = promo ? format.price(promo.bonusPerReferral) : '';
  const steps = [
    { title: t('how.step1Title'), text: t('how.step1Text') },
    { title: t('how.step2Title'), text: t('how.step2Text') },
    { title: promo ? t('how.step3Title', { amount }) : t('how.step3TitleNoAmount'), text: t('how.step3Text') },
  ];
  return (
    <Section title={t('how.title')}>
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <li key={index} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden>
              {index + 1}
            </span>
            <span className={styles.stepBody}>
              <span className={styles.stepTitle}>{step.title}</span>
              <span className={styles.stepText}>{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function ReferralsList() {
  const { t } = useTranslation([referralPageTexts.ns, 'errors']);
  const [state, referrals, error, hasMore, loadingMore, moreError, retry, more] = useUnit([
    $referralsState,
    $referrals,
    $referralsError,
    $hasMoreReferrals,
    $loadingMoreReferrals,
    $moreReferralsError,
    referralsRequested,
    moreReferralsRequested,
  ]);
  const errorTitle = t('errors:referral.loadReferralsFailed');
  const errorDetail = useErrorDetail(error, errorTitle);
  const moreErrorDetail = useErrorDetail(moreError, errorTitle);

  let content;
  if (state === 'error' && referrals.length === 0) {
    content = <ErrorState title={errorTitle} message={errorDetail ?? t('errors:general.fetchFailed')} onRetry={retry} />;
  } else if (state === 'pending' && referrals.length === 0) {
    content = (
      <div className={styles.listSkeleton} aria-hidden>
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  } else if (referrals.length === 0) {
    content = <EmptyState title={t(`${referralPageTexts.ns}:list.emptyTitle`)} text={t(`${referralPageTexts.ns}:list.emptyText`)} />;
  } else {
    content = (
      <>
        <List aria-label={t(`${referralPageTexts.ns}:list.title`)}>
          {referrals.map((referral) => (
            <ReferralRow key={referral.id} referral={referral} />
          ))}
        </List>
        {moreError && (
          <p className={styles.moreError} role="alert">
            {errorTitle}
            {moreErrorDetail ? `: ${moreErrorDetail}` : ''}
          </p>
        )}
        {hasMore && (
          <div className={styles.more}>
            <Button variant="plain" fullWidth loading={loadingMore} onClick={() => more()}>
              {t(`${referralPageTexts.ns}:list.more`)}
            </Button>
          </div>
        )}
      </>
    );
  }
  return <Section title={t(`${referralPageTexts.ns}:list.title`)}>{content}</Section>;
}

/** /referral (SPEC §2): my promo code (copy, share), how it works, my referrals with their status. */
export function ReferralPage() {
  usePageLifecycle(referralPage);
  const { t } = useTranslation(referralPageTexts.ns);
  return (
    <Page title={t('title')} safeArea={false}>
      <PromoCodeCard />
      <HowItWorks />
      <ReferralsList />
    </Page>
  );
}
