import type { CardTransaction, Trade } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Amount, Badge, ListItem } from '@/shared/ui';
import styles from './history-rows.module.css';

const TRANSACTION_STATUS_TONE = { pending: 'neutral', completed: 'success', failed: 'danger' } as const;
const TRADE_STATUS_TONE = { pending: 'neutral', completed: 'success', declined: 'danger', reversed: 'warning' } as const;

function DirectionIcon({ direction }: { direction: 'credit' | 'debit' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden focusable={false}>
      {direction === 'credit' ? <path d="M12 19V5m0 14l-6-6m6 6l6-6" /> : <path d="M12 5v14m0-14l-6 6m6-6l6 6" />}
    </svg>
  );
}

/** A movement of the card balance: type (localized), merchant when there is one, time, signed amount. */
export function CardTransactionRow({ transaction, onOpen }: { transaction: CardTransaction; /** Makes the row a real button (details). */ onOpen?: () => void }) {
  // The names and statuses the statements and receipts print too: the shared `transactions` namespace.
  const { t } = useTranslation('transactions');
  const format = useFormatters();
  const signed = { ...transaction.amount, amount: transaction.direction === 'credit' ? transaction.amount.amount : -transaction.amount.amount };
  const title = transaction.merchantName ?? t(`cardTransaction.type.${transaction.type}`);
  return (
    <ListItem
      onClick={onOpen}
      icon={<DirectionIcon direction={transaction.direction} />}
      title={title}
      subtitle={
        <span className={styles.subtitle}>
          {transaction.merchantName && <span>{t(`cardTransaction.type.${transaction.type}`)} · </span>}
          <time dateTime={transaction.createdAt}>{format.dateTime(transaction.createdAt)}</time>
        </span>
      }
      trailing={
        <span className={styles.trailing}>
          <Amount value={signed} tone="auto" settled={transaction.status !== 'pending'} signDisplay="exceptZero" />
          {transaction.status !== 'completed' && (
            <Badge tone={TRANSACTION_STATUS_TONE[transaction.status]}>{t(`cardTransaction.status.${transaction.status}`)}</Badge>
          )}
        </span>
      }
    />
  );
}

/** A purchase or refund at a merchant: merchant descriptor (as the network sends it), kind, status, amounts. */
export function CardTradeRow({ trade, onOpen }: { trade: Trade; /** Makes the row a real button (details). */ onOpen?: () => void }) {
  const { t } = useTranslation(['transactions', 'errors']);
  const format = useFormatters();
  const signed = { ...trade.amount, amount: trade.kind === 'refund' ? trade.amount.amount : -trade.amount.amount };
  return (
    <ListItem
      onClick={onOpen}
      icon={<DirectionIcon direction={trade.kind === 'refund' ? 'credit' : 'debit'} />}
      title={trade.merchant.name}
      subtitle={
        <span className={styles.subtitle}>
          <span>{t(`trade.kind.${trade.kind}`)} · </span>
          <time dateTime={trade.createdAt}>{format.dateTime(trade.createdAt)}</time>
          {trade.originalAmount && <span> · {format.money(trade.originalAmount)}</span>}
          {trade.status === 'declined' && (
            <span data-testid="trade-decline-reason">
              {' · '}
              {trade.declineReason
                ? t(`errors:reasons.${trade.declineReason}`, { defaultValue: t('trade.declinedUnknown') })
                : t('trade.declinedUnknown')}
            </span>
          )}
        </span>
      }
      trailing={
        <span className={styles.trailing}>
          <Amount value={signed} tone="auto" settled={trade.status !== 'pending'} signDisplay="exceptZero" className={trade.status === 'declined' || trade.status === 'reversed' ? styles.struck : undefined} />
          {trade.status !== 'completed' && <Badge tone={TRADE_STATUS_TONE[trade.status]}>{t(`trade.status.${trade.status}`)}</Badge>}
        </span>
      }
    />
  );
}
