import type { OpsWithdrawal } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import styles from './withdrawal.module.css';

/** Where a withdrawal goes: USDT to an address (its label first), or SBP to the user's own phone at a bank. */
export function WithdrawalDestination({ withdrawal }: { withdrawal: Pick<OpsWithdrawal, 'method' | 'destination'> }) {
  const { t } = useTranslation('ops-money');
  const to = withdrawal.destination;
  return (
    <span className={styles.stack}>
      <span>{t(`withdrawals.methods.${withdrawal.method}`)}</span>
      {to.kind === 'tron' ? (
        <>
          {to.label && <span>{to.label}</span>}
          <code className={styles.address}>{to.address}</code>
        </>
      ) : (
        <>
          <span>{to.bankName}</span>
          <span className={styles.hint}>{to.phoneMasked}</span>
        </>
      )}
    </span>
  );
}

/** Why it waits for an operator (its amount is over its method's approval size). */
export function HeldBecause({ withdrawal }: { withdrawal: Pick<OpsWithdrawal, 'approvalAbove'> }) {
  const { t } = useTranslation('ops-money');
  const { money } = useFormatters();
  return <>{t('withdrawals.overApprovalSize', { limit: money(withdrawal.approvalAbove) })}</>;
}
