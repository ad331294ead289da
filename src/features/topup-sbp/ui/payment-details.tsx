import type { SbpPayment } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Badge, type BadgeTone } from '@/shared/ui';
import styles from './payment-details.module.css';

const STATUS_TONE: Record<SbpPayment['status'], BadgeTone> = { pending: 'warning', succeeded: 'success', failed: 'danger', expired: 'danger' };

export interface PaymentDetailsProps {
  payment: SbpPayment;
  /** Error code to show (the payment's, or the one the provider put in the return URL). */
  errorCode?: string | null;
}

/** SPEC §2 payment page fields: amount, orderId, invoiceId, status (and error code). */
export function PaymentDetails({ payment, errorCode }: PaymentDetailsProps) {
  const { t } = useTranslation('wallet-actions');
  const format = useFormatters();
  return (
    <dl className={styles.details} data-testid="payment-details">
      <div className={styles.row}>
        <dt>{t('payment.fields.amount')}</dt>
        <dd>{format.money(payment.amount)}</dd>
      </div>
      <div className={styles.row}>
        <dt>{t('payment.fields.orderId')}</dt>
        <dd className={styles.mono}>{payment.orderId}</dd>
      </div>
      <div className={styles.row}>
        <dt>{t('payment.fields.invoiceId')}</dt>
        <dd className={styles.mono}>{payment.invoiceId ?? '—'}</dd>
      </div>
      <div className={styles.row}>
        <dt>{t('payment.fields.status')}</dt>
        <dd>
          <Badge tone={STATUS_TONE[payment.status]}>{t(`payment.status.${payment.status}`)}</Badge>
        </dd>
      </div>
      {errorCode && (
        <div className={styles.row}>
          <dt>{t('payment.fields.errorCode')}</dt>
          <dd className={styles.mono} data-testid="payment-error-code">
            {errorCode}
          </dd>
        </div>
      )}
      <div className={styles.row}>
        <dt>{t('payment.fields.date')}</dt>
        <dd>{format.dateTime(payment.createdAt)}</dd>
      </div>
    </dl>
  );
}
