import { useGate, useUnit } from 'effector-react';
import { useId } from 'react';
import {
  $hasMoreTransactions,
  $loadingMoreTransactions,
  $loadMoreError,
  $transactionsError,
  $transactionsState,
  moreTransactionsRequested,
  transactionsReloadRequested,
  TransactionRow,
} from '@/entities/transaction';
import { TransactionDetailsSheet, transactionDetailsOpened } from '@/features/transaction-details';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Button, EmptyState, ErrorState, List, Skeleton } from '@/shared/ui';
import { $requiredConfirmations, $transactionDays, TransactionHistoryGate } from '../model/transaction-history';
import styles from './transaction-history.module.css';

function LoadingRows() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.loading} role="status" aria-label={t('status.loading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className={styles.loadingRow}>
          <Skeleton width={36} height={36} radius={10} />
          <div className={styles.loadingText}>
            <Skeleton height={14} width="55%" />
            <Skeleton height={12} width="35%" />
          </div>
          <Skeleton height={16} width={64} />
        </div>
      ))}
    </div>
  );
}

/** SPEC §2 /wallet: recent transactions grouped by day, with "load more" by cursor. */
export function TransactionHistory() {
  useGate(TransactionHistoryGate);
  const titleId = useId();
  const { t } = useTranslation(['wallet', 'errors']);
  const format = useFormatters();
  const [days, state, error, hasMore, loadingMore, loadMoreError, required] = useUnit([
    $transactionDays,
    $transactionsState,
    $transactionsError,
    $hasMoreTransactions,
    $loadingMoreTransactions,
    $loadMoreError,
    $requiredConfirmations,
  ]);
  const [reload, loadMore, openDetails] = useUnit([transactionsReloadRequested, moreTransactionsRequested, transactionDetailsOpened]);

  let body;
  if (days.length > 0) {
    body = (
      <>
        {days.map((day) => (
          <section key={day.day} className={styles.day} aria-labelledby={`tx-day-${day.day}`}>
            <h3 id={`tx-day-${day.day}`} className={styles.dayTitle}>
              {format.relativeDay(day.date)}
            </h3>
            <List>
              {day.items.map((tx) => (
                <TransactionRow
                  key={tx.id}
                  transaction={tx}
                  requiredConfirmations={required ?? undefined}
                  onOpen={() => openDetails({ kind: 'wallet', transactionId: tx.id })}
                />
              ))}
            </List>
          </section>
        ))}
        {loadMoreError && !loadingMore && (
          <p className={styles.loadMoreError} role="alert">
            {t(loadMoreError.keys, { defaultValue: loadMoreError.defaultValue })}
          </p>
        )}
        {hasMore && (
          <Button variant="secondary" fullWidth onClick={() => loadMore()} loading={loadingMore}>
            {t('history.loadMore')}
          </Button>
        )}
      </>
    );
  } else if (state === 'error' && error) {
    body = <ErrorState title={t('errors:wallet.fetchTransactionsFailed')} message={t(error.keys, { defaultValue: error.defaultValue })} onRetry={() => reload()} />;
  } else if (state === 'pending') {
    body = <LoadingRows />;
  } else {
    body = <EmptyState title={t('history.emptyTitle')} text={t('history.emptyText')} />;
  }

  return (
    <section className={styles.history} aria-labelledby={titleId} data-testid="transaction-history">
      <h2 id={titleId} className={styles.title}>
        {t('history.title')}
      </h2>
      {body}
      <TransactionDetailsSheet />
    </section>
  );
}
