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
import { WalletHistoryFilters, walletSearch } from '@/features/history-search';
import { StatementExport } from '@/features/statement-export';
import { TransactionDetailsSheet, transactionDetailsOpened } from '@/features/transaction-details';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Button, EmptyState, ErrorState, List, LoadMore, Skeleton } from '@/shared/ui';
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

const WALLET_ACCOUNT = { kind: 'wallet' } as const;

/** SPEC §2 /wallet: recent transactions grouped by day, with "load more" by cursor. */
export function TransactionHistory() {
  useGate(TransactionHistoryGate);
  const titleId = useId();
  const { t } = useTranslation(['wallet', 'history', 'errors']);
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
  const [filtered, resetFilters] = useUnit([walletSearch.$filtered, walletSearch.filtersReset]);

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
        {hasMore && <LoadMore onLoadMore={() => loadMore()} loading={loadingMore} label={t('history.loadMore')} />}
      </>
    );
  } else if (state === 'error' && error) {
    body = <ErrorState title={t('errors:wallet.fetchTransactionsFailed')} message={t(error.keys, { defaultValue: error.defaultValue })} onRetry={() => reload()} />;
  } else if (state === 'pending') {
    body = <LoadingRows />;
  } else if (filtered) {
    body = (
      <EmptyState
        title={t('history:empty.title')}
        text={t('history:empty.text')}
        action={
          <Button variant="secondary" onClick={() => resetFilters()}>
            {t('history:filters.reset')}
          </Button>
        }
      />
    );
  } else {
    body = <EmptyState title={t('history.emptyTitle')} text={t('history.emptyText')} />;
  }

  return (
    <section className={styles.history} aria-labelledby={titleId} data-testid="transaction-history">
      <h2 id={titleId} className={styles.title}>
        {t('history.title')}
      </h2>
      <WalletHistoryFilters />
      <StatementExport account={WALLET_ACCOUNT} />
      {body}
      <TransactionDetailsSheet />
    </section>
  );
}
