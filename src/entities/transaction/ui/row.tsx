import { useFormatters, useTranslation } from '@/shared/i18n';
import type { UsdtHoldReason } from '@/shared/contract';
import { cn } from '@/shared/lib';
import { Amount, Badge, ListItem } from '@/shared/ui';
import { describeTransaction, signedAmount } from '../lib/describe';
import { TransactionIcon } from './transaction-icon';
import type { TransactionRowProps } from './transaction-row';
import styles from './transaction-row.module.css';

export interface RowProps extends TransactionRowProps {
  namespaces: string[];
  /** `brief`: without the failure reason and the hold note (their words are on their way). */
  brief?: boolean;
  /** The note under a held USDT deposit (held-row.tsx). */
  holdNote?: (reason: UsdtHoldReason) => string;
}

/** One row, worded with `namespaces` (transaction-row.tsx chooses them). */
export function Row({ transaction, requiredConfirmations, onOpen, namespaces, brief = false, holdNote }: RowProps) {
  const tx = brief ? { ...transaction, failureCode: null } : transaction;
  const { t } = useTranslation(namespaces);
  const format = useFormatters();
  const text = describeTransaction(tx, {
    t: (key, options) => t(key, options),
    money: (money) => format.money(money),
    exact: format.exact,
    time: (iso) => format.date(iso, { hour: '2-digit', minute: '2-digit' }),
    requiredConfirmations,
    holdNote,
  });
  if (brief) delete text.note;
  const failed = tx.status === 'failed';
  const held = tx.type === 'usdtDeposit' && tx.details.hold !== null;
  // A declined SBP attempt is a history row without a ledger transaction (docs/api.md "Transaction details").
  const declined = failed && tx.type === 'sbpTopup' && tx.id.startsWith('sbp_');
  return (
    <ListItem
      className={styles.row}
      onClick={onOpen}
      icon={<TransactionIcon type={tx.type} />}
      title={text.title}
      subtitle={
        text.note ? (
          <>
            {text.subtitle}
            <span className={styles.note} data-testid="transaction-note">
              {text.note}
            </span>
          </>
        ) : (
          text.subtitle
        )
      }
      trailing={
        <span className={styles.trailing} data-testid="transaction-amount">
          {/* Green only once the money is in: a pending credit is muted, a held deposit is not credited at all (no sign). */}
          <Amount
            value={signedAmount(tx)}
            signDisplay={held ? 'never' : 'always'}
            tone={failed ? 'plain' : 'auto'}
            settled={failed || tx.status === 'completed'}
            className={cn(failed && styles.failedAmount)}
          />
          {tx.type === 'currencyExchange' && !failed && (
            <Amount value={tx.details.counterAmount} signDisplay="always" tone="auto" settled={tx.status === 'completed'} size="s" className={styles.counter} />
          )}
          {held && <Badge tone="warning">{t('transaction.status.held')}</Badge>}
          {tx.status === 'pending' && !held && <Badge tone="warning">{t('transaction.status.pending')}</Badge>}
          {failed && <Badge tone="danger">{t(declined ? 'transaction.status.declined' : 'transaction.status.failed')}</Badge>}
        </span>
      }
    />
  );
}
