import { useTranslation } from '@/shared/i18n';
import { topUpSbpTexts } from '../i18n/texts';
import styles from './payment-details.module.css';

export interface SupportReferenceRow {
  label: string;
  value: string;
  testId?: string;
}

/**
 * Identifiers and machine codes a support agent asks for (order and invoice ids, the provider's error code), folded
 * under "Details for support": the page says what happened in words; these are there to copy, not to read (issue #35).
 */
export function SupportReference({ rows }: { rows: readonly SupportReferenceRow[] }) {
  const { t } = useTranslation(topUpSbpTexts.ns);
  return (
    <details className={styles.reference} data-testid="support-reference">
      <summary>{t('payment.supportDetails')}</summary>
      <dl className={styles.referenceList}>
        {rows.map((row) => (
          <div key={row.label} className={styles.row}>
            <dt>{row.label}</dt>
            <dd className={styles.mono} data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
