import type { SbpPayment } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Badge, type BadgeTone } from '@/shared/ui';
import { topUpSbpTexts } from '../i18n/texts';
import styles from './payment-details.module.css';
import { SupportReference } from './support-reference';

const STATUS_TONE: Record<SbpPayment['status'], BadgeTone> = { pending: 'warning', succeeded: 'success', failed: 'danger', expired: 'danger' };

export interface PaymentDetailsProps {
  payment: SbpPayment;
  /** Error code of the failure (the payment's, or the one the provider put in the return URL). */
  errorCode?: string | null;
}

/**
 * SPEC §2 payment page fields: amount, status, date; the order and invoice ids and the error code (SPEC's "error code")
 * under "Details for support" (issue #35: a code is a reference, not a message; the page says the reason in words).
 */
export function PaymentDetails({ payment, errorCode }: PaymentDetailsProps) {
  const { t } = useTranslation(topUpSbpTexts.ns);
  const format = useFormatters();
  return (
    <div data-testid="payment-details">
      <dl className={styles.details}>
        <div className={styles.row}>
          <dt>{t('payment.fields.amount')}</dt>
          <dd>{format.price(payment.amount)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('payment.fields.status')}</dt>
          <dd>
            <Badge tone={STATUS_TONE[payment.status]}>{t(`payment.status.${payment.status}`)}</Badge>
          </dd>
        </div>
        <div className={styles.row}>
          <dt>{t('payment.fields.date')}</dt>
          <dd>{format.dateTime(payment.createdAt)}</dd>
        </div>
      </dl>
      <SupportReference
        rows={[
          { label: t('payment.fields.orderId'), value: payment.orderId },
          { label: t('payment.fields.invoiceId'), value: payment.invoiceId ?? '—' },
          ...(errorCode ? [{ label: t('payment.fields.errorCode'), value: errorCode, testId: 'payment-error-code' }] : []),
        ]}
      />
    </div>
  );
}
