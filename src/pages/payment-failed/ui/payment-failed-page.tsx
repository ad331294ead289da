import { useUnit } from 'effector-react';
import { useSearchParams } from 'react-router-dom';
import { $supportContact } from '@/entities/app-config';
import { $sbpPayment, $sbpPaymentNotFound, PaymentDetails, paymentFailureKey, SupportReference, topUpSbpTexts } from '@/features/topup-sbp';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Amount, Button, IconClock, IconCrossCircle, Page, PrimaryAction, Skeleton, Spinner } from '@/shared/ui';
import { $errorCode, $outcome, backToWalletPressed, paymentFailedPage, retryPressed, supportPressed } from '../model/payment-failed';
import styles from './payment-failed-page.module.css';


/** SPEC §2 /payment-failed: error code, retry, back to wallet, contact support. */
export function PaymentFailedPage() {
  const { t } = useTranslation(topUpSbpTexts.ns);
  const [search] = useSearchParams();
  const paymentId = search.get('paymentId');
  const code = search.get('code');
  usePageLifecycle(paymentFailedPage, { paymentId, code });
  const [payment, notFound, errorCode, support] = useUnit([$sbpPayment, $sbpPaymentNotFound, $errorCode, $supportContact]);
  const [contactSupport, retry, backToWallet] = useUnit([supportPressed, retryPressed, backToWalletPressed]);
  const outcome = useUnit($outcome);
  // Until the server's status is final, the page says so (it polls meanwhile), never "failed" ahead of the server.
  const waiting = outcome === 'pending' || outcome === 'loading';

  const reason = waiting ? t('payment.pendingText') : t(paymentFailureKey(errorCode));

  return (
    <Page
      safeArea={false}
      footer={
        <>
          {/* Inside Telegram: its MainButton and SecondaryButton (7.10+), as the sheets do. */}
          <PrimaryAction onClick={() => retry()}>{t('payment.retry')}</PrimaryAction>
          <PrimaryAction slot="secondary" onClick={() => backToWallet()}>
            {t('payment.backToWallet')}
          </PrimaryAction>
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
      </div>
      {/* The reason is said in words above; the machine code is a reference for support, not the page's message. */}
      {errorCode && !payment && <SupportReference rows={[{ label: t('payment.fields.errorCode'), value: errorCode, testId: 'payment-error-code' }]} />}
      {payment ? (
        <PaymentDetails payment={payment} errorCode={errorCode} />
      ) : paymentId && !notFound ? (
        <Skeleton height={180} radius={16} />
      ) : null}
    </Page>
  );
}
