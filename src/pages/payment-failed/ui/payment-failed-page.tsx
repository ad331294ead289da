import { useUnit } from 'effector-react';
import { useSearchParams } from 'react-router-dom';
import { $supportContact } from '@/entities/app-config';
import { $sbpPayment, $sbpPaymentNotFound, PaymentDetails, sbpRetryPath } from '@/features/topup-sbp';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Amount, Button, IconClock, IconCrossCircle, LinkButton, Page, Skeleton, Spinner } from '@/shared/ui';
import { $errorCode, $outcome, paymentFailedPage, supportPressed } from '../model/payment-failed';
import styles from './payment-failed-page.module.css';

const KNOWN_CODES = ['PAYMENT_DECLINED', 'PAYMENT_EXPIRED', 'PAYMENT_FAILED', 'INSUFFICIENT_FUNDS', 'SBP_PROVIDER_ERROR'];

/** SPEC §2 /payment-failed: error code, retry, back to wallet, contact support. */
export function PaymentFailedPage() {
  const { t } = useTranslation('wallet-actions');
  const [search] = useSearchParams();
  const paymentId = search.get('paymentId');
  const code = search.get('code');
  usePageLifecycle(paymentFailedPage, { paymentId, code });
  const [payment, notFound, errorCode, support] = useUnit([$sbpPayment, $sbpPaymentNotFound, $errorCode, $supportContact]);
  const contactSupport = useUnit(supportPressed);
  const outcome = useUnit($outcome);
  // Until the server's status is final, the page says so (it polls meanwhile), never "failed" ahead of the server.
  const waiting = outcome === 'pending' || outcome === 'loading';

  const reason = waiting
    ? t('payment.pendingText')
    : errorCode && KNOWN_CODES.includes(errorCode)
      ? t(`payment.failureReasons.${errorCode}`)
      : t('payment.failedText');
  const retryTo = payment ? sbpRetryPath(payment.amount.amount) : `${routePaths.wallet}?topup=sbp`;

  return (
    <Page
      safeArea={false}
      footer={
        <>
          <LinkButton to={retryTo} replace fullWidth>
            {t('payment.retry')}
          </LinkButton>
          <LinkButton to={routePaths.wallet} replace fullWidth variant="secondary">
            {t('payment.backToWallet')}
          </LinkButton>
          <Button fullWidth variant="plain" onClick={() => contactSupport()} disabled={!support}>
            {t('payment.contactSupport')}
          </Button>
        </>
      }
    >
      <div className={styles.hero} data-status={outcome}>
        <span className={styles.icon}>{waiting ? <IconClock size={56} /> : <IconCrossCircle size={56} />}</span>
        <h1 className={styles.title}>{waiting ? t('payment.pendingTitle') : t('payment.failedTitle')}</h1>
        {payment && <Amount value={payment.amount} size="xl" className={styles.amount} />}
        <p className={styles.text} aria-live="polite">
          {reason}
        </p>
        {waiting && <Spinner size={24} />}
        {errorCode && !payment && (
          <p className={styles.code}>
            {t('payment.errorCodeLine')} <code data-testid="failed-error-code">{errorCode}</code>
          </p>
        )}
      </div>
      {payment ? (
        <PaymentDetails payment={payment} errorCode={errorCode} />
      ) : paymentId && !notFound ? (
        <Skeleton height={180} radius={16} />
      ) : null}
    </Page>
  );
}
