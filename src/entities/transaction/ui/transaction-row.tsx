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
const WITH_HOLD = ['wallet', 'transaction-details'];

/** One wallet transaction: type icon, localized description, signed amount, pending/failed badge. */
export function TransactionRow(props: TransactionRowProps) {
  const tx = props.transaction;
  const failedWithCode = tx.status === 'failed' && tx.failureCode !== null;
  const held = tx.type === 'usdtDeposit' && tx.details.hold !== null;
  if (!failedWithCode && !held) return <Row {...props} namespaces={WALLET_ONLY} />;
  // Why it failed (`errors:reasons.<CODE>`) and why a deposit is held (`transaction-details:usdtHold`) are not on
  // the wallet's first paint (bundle budget): the row shows at once without that sentence, then with it.
  return (
    <Suspense fallback={<Row {...props} namespaces={WALLET_ONLY} brief />}>
      <Row {...props} namespaces={held ? WITH_HOLD : WITH_REASONS} />
    </Suspense>
  );
}

/** `brief`: without the failure reason and the hold note (their namespaces are on their way). */
function Row({ transaction, requiredConfirmations, onOpen, namespaces, brief = false }: TransactionRowProps & { namespaces: string[]; brief?: boolean }) {
  const tx = brief ? { ...transaction, failureCode: null } : transaction;
  const { t } = useTranslation(namespaces);
  const format = useFormatters();
  const text = describeTransaction(tx, {
    t: (key, options) => t(key, options),
    money: (money) => format.money(money),
    exact: format.exact,
    time: (iso) => format.date(iso, { hour: '2-digit', minute: '2-digit' }),
    requiredConfirmations,
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
