import { Suspense } from 'react';
import type { WalletTransaction } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { Amount, Badge, ListItem } from '@/shared/ui';
import { describeTransaction, signedAmount } from '../lib/describe';
import { TransactionIcon } from './transaction-icon';
import styles from './transaction-row.module.css';

export interface TransactionRowProps {
  transaction: WalletTransaction;
  /** Confirmations a USDT deposit needs (from the app config), for "7 of 19". */
  requiredConfirmations?: number;
  /** Makes the row a real button that opens the transaction's details. */
  onOpen?: () => void;
}

const WALLET_ONLY = ['wallet'];
const WITH_REASONS = ['wallet', 'errors'];

/** One wallet transaction: type icon, localized description, signed amount, pending/failed badge. */
export function TransactionRow(props: TransactionRowProps) {
  const tx = props.transaction;
  if (tx.status !== 'failed' || !tx.failureCode) return <Row {...props} namespaces={WALLET_ONLY} />;
  // Why it failed is in `errors` (errors:reasons.<CODE>), which is not on the wallet's first paint (bundle
  // budget): the row shows at once without the reason, and with it once `errors` is there.
  return (
    <Suspense fallback={<Row {...props} transaction={{ ...tx, failureCode: null }} namespaces={WALLET_ONLY} />}>
      <Row {...props} namespaces={WITH_REASONS} />
    </Suspense>
  );
}

function Row({ transaction: tx, requiredConfirmations, onOpen, namespaces }: TransactionRowProps & { namespaces: string[] }) {
  const { t } = useTranslation(namespaces);
  const format = useFormatters();
  const text = describeTransaction(tx, {
    t: (key, options) => t(key, options),
    money: (money) => format.money(money),
    exact: format.exact,
    time: (iso) => format.date(iso, { hour: '2-digit', minute: '2-digit' }),
    requiredConfirmations,
  });
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
          <Amount
            value={signedAmount(tx)}
            signDisplay="always"
            tone={failed ? 'plain' : 'auto'}
            className={cn(failed && styles.failedAmount)}
          />
          {tx.type === 'currencyExchange' && !failed && (
            <Amount value={tx.details.counterAmount} signDisplay="always" tone="auto" size="s" className={styles.counter} />
          )}
          {held && <Badge tone="warning">{t('transaction.status.held')}</Badge>}
          {tx.status === 'pending' && !held && <Badge tone="warning">{t('transaction.status.pending')}</Badge>}
          {failed && <Badge tone="danger">{t(declined ? 'transaction.status.declined' : 'transaction.status.failed')}</Badge>}
        </span>
      }
    />
  );
}
