import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { $sbpPayment, $sbpPaymentError, $sbpPaymentNotFound, paymentFailedPath, PaymentDetails } from '@/features/topup-sbp';
import { routePaths } from '@/shared/config';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Amount, ErrorState, IconCheckCircle, IconClock, LinkButton, Page, Skeleton, Spinner } from '@/shared/ui';
import { WalletBalance } from '@/widgets/wallet-balance';
import { $paymentFailed, $redirectDue, $secondsLeft, paymentSuccessClosed, paymentSuccessOpened } from '../model/payment-success';
import styles from './payment-success-page.module.css';

/** SPEC §2 /payment-success: amount, orderId, invoiceId, status; back to the wallet after 10 s (SPEC §9). */
export function PaymentSuccessPage() {
  const { t } = useTranslation('wallet');
  const format = useFormatters();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const paymentId = search.get('paymentId');
  const [payment, error, notFound, secondsLeft, redirectDue, failed] = useUnit([
    $sbpPayment,
    $sbpPaymentError,
    $sbpPaymentNotFound,
    $secondsLeft,
    $redirectDue,
    $paymentFailed,
  ]);
  const [open, close] = useUnit([paymentSuccessOpened, paymentSuccessClosed]);

  useEffect(() => {
    if (!paymentId) return undefined;
    open(paymentId);
    return () => close();
  }, [paymentId, open, close]);

  useEffect(() => {
    if (redirectDue) navigate(routePaths.wallet, { replace: true });
  }, [redirectDue, navigate]);
  useEffect(() => {
    if (failed && payment) navigate(paymentFailedPath(payment.paymentId, payment.errorCode), { replace: true });
  }, [failed, payment, navigate]);

  const back = (
    <LinkButton to={routePaths.wallet} replace fullWidth>
      {t('payment.backToWallet')}
    </LinkButton>
  );

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
          <ErrorState message={t(error.keys, { defaultValue: error.defaultValue })} onRetry={() => open(paymentId)} />
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
      {succeeded && <WalletBalance actions={false} />}
    </Page>
  );
}
