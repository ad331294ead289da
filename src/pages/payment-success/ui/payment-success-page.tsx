import { useUnit } from 'effector-react';
import { useSearchParams } from 'react-router-dom';
import { $sbpPayment, $sbpPaymentError, $sbpPaymentNotFound, PaymentDetails, topUpSbpTexts } from '@/features/topup-sbp';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Amount, Button, ErrorState, IconCheckCircle, IconClock, Page, PrimaryAction, Section, Skeleton, Spinner } from '@/shared/ui';
import { WalletBalance } from '@/widgets/wallet-balance';
import { $addingToHomeScreen, $homeScreenOffered, addToHomeScreenPressed } from '../model/home-screen';
import { $secondsLeft, backToWalletPressed, paymentSuccessPage } from '../model/payment-success';
import styles from './payment-success-page.module.css';

/** "Add to home screen", where Telegram can add the shortcut and it is not there yet (issue #35). */
function HomeScreenOffer() {
  const { t } = useTranslation(topUpSbpTexts.ns);
  const [offered, adding, add] = useUnit([$homeScreenOffered, $addingToHomeScreen, addToHomeScreenPressed]);
  if (!offered) return null;
  return (
    <Section title={t('payment.homeScreen.title')} footer={t('payment.homeScreen.text')}>
      <div className={styles.offer}>
        <Button variant="secondary" fullWidth loading={adding} onClick={() => add()}>
          {t('payment.homeScreen.add')}
        </Button>
      </div>
    </Section>
  );
}

/** SPEC §2 /payment-success: amount, orderId, invoiceId, status; back to the wallet after 10 s (SPEC §9). */
export function PaymentSuccessPage() {
  const { t } = useTranslation(topUpSbpTexts.ns);
  const format = useFormatters();
  const [search] = useSearchParams();
  const paymentId = search.get('paymentId');
  usePageLifecycle(paymentSuccessPage, { paymentId });
  const [payment, error, notFound, secondsLeft] = useUnit([$sbpPayment, $sbpPaymentError, $sbpPaymentNotFound, $secondsLeft]);
  const [open, backToWallet] = useUnit([paymentSuccessPage.opened, backToWalletPressed]);

  // Inside Telegram: its MainButton, as the sheets do.
  const back = <PrimaryAction onClick={() => backToWallet()}>{t('payment.backToWallet')}</PrimaryAction>;

  if (!paymentId || notFound) {
    return (
      <Page safeArea={false} footer={back}>
        <ErrorState title={t('payment.notFoundTitle')} message={t('payment.notFound')} />
      </Page>
    );
  }
  if (!payment) {
    return (
      <Page safeArea={false} footer={back}>
        {error ? (
          <ErrorState message={t(error.keys, { defaultValue: error.defaultValue })} onRetry={() => open({ paymentId })} />
        ) : (
          <div className={styles.loading} role="status" aria-label={t('common:status.loading')}>
            <Skeleton width={64} height={64} radius={32} />
            <Skeleton height={28} width="60%" />
            <Skeleton height={180} radius={16} />
          </div>
        )}
      </Page>
    );
  }

  const succeeded = payment.status === 'succeeded';
  return (
    <Page safeArea={false} footer={back}>
      <div className={styles.hero} data-status={payment.status}>
        <span className={styles.icon}>{succeeded ? <IconCheckCircle size={56} /> : <IconClock size={56} />}</span>
        <h1 className={styles.title}>{succeeded ? t('payment.successTitle') : t('payment.pendingTitle')}</h1>
        <Amount value={payment.amount} size="xl" signDisplay={succeeded ? 'always' : 'auto'} tone={succeeded ? 'auto' : 'plain'} />
        <p className={styles.text}>{succeeded ? t('payment.successText') : t('payment.pendingText')}</p>
        {succeeded ? (
          <p className={styles.countdown} role="timer" aria-live="polite" data-testid="redirect-countdown">
            {t('payment.redirectIn', { count: secondsLeft, seconds: format.number(secondsLeft) })}
          </p>
        ) : (
          <Spinner size={24} />
        )}
      </div>
      <PaymentDetails payment={payment} />
      {succeeded && <HomeScreenOffer />}
      {succeeded && <WalletBalance actions={false} />}
    </Page>
  );
}
