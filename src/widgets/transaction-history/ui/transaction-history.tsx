import { useGate, useUnit } from 'effector-react';
import { lazy, Suspense, useId } from 'react';
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
import { walletSearch } from '@/features/history-search';
import { TransactionDetailsSheet, transactionDetailsOpened } from '@/features/transaction-details';
import type { ErrorMessage } from '@/shared/api';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { useAfterFirstScreen } from '@/shared/lib';
import { EmptyState, ErrorState, List, LoadMore, Skeleton } from '@/shared/ui';
import { $historyToolsShown, $requiredConfirmations, $transactionDays, TransactionHistoryGate } from '../model/transaction-history';
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

/**
 * Search, filters and the statement panel (their slices' texts load with them) are a lazy chunk, requested once the first screen
 * has painted (issue #34): not on the wallet's first paint (bundle budget, docs/performance.md "Start-up"). A placeholder
 * of their height stands in meanwhile, so nothing moves when they arrive.
 */
const HistoryTools = lazy(() => import('./history-tools'));

function HistoryToolsPlaceholder() {
  return <div className={styles.toolsPlaceholder} aria-hidden data-testid="history-tools-placeholder" />;
}

/**
 * A failure in words: they are in `errors`, which is not on the wallet's first paint (bundle budget), so these
 * suspend until it is there (fetched now unless the idle preload has brought it already).
 */
function HistoryLoadError({ error, onRetry }: { error: ErrorMessage; onRetry: () => void }) {
  const { t } = useTranslation(['wallet', 'errors']);
  return <ErrorState title={t('errors:wallet.fetchTransactionsFailed')} message={t(error.keys, { defaultValue: error.defaultValue })} onRetry={onRetry} />;
}

/** Filters narrowed the list to nothing: the tools set the filters, so their chunk (with these words) is there. */
const NothingFound = lazy(() => import('./history-tools').then((module) => ({ default: module.HistoryNothingFound })));

function LoadMoreError({ error }: { error: ErrorMessage }) {
  const { t } = useTranslation(['wallet', 'errors']);
  return (
    <p className={styles.loadMoreError} role="alert">
      {t(error.keys, { defaultValue: error.defaultValue })}
    </p>
  );
}

/** SPEC §2 /wallet: recent transactions grouped by day, with "load more" by cursor. */
export function TransactionHistory() {
  useGate(TransactionHistoryGate);
  const titleId = useId();
  const { t } = useTranslation('wallet');
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
  const [filtered, resetFilters, toolsShown] = useUnit([walletSearch.$filtered, walletSearch.filtersReset, $historyToolsShown]);
  const afterFirstScreen = useAfterFirstScreen();

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
          <Suspense fallback={null}>
            <LoadMoreError error={loadMoreError} />
          </Suspense>
        )}
        {hasMore && <LoadMore onLoadMore={() => loadMore()} loading={loadingMore} label={t('history.loadMore')} />}
      </>
    );
  } else if (state === 'error' && error) {
    body = (
      <Suspense fallback={<LoadingRows />}>
        <HistoryLoadError error={error} onRetry={() => reload()} />
      </Suspense>
    );
  } else if (state === 'pending') {
    body = <LoadingRows />;
  } else if (filtered) {
    body = (
      <Suspense fallback={null}>
        <NothingFound onReset={() => resetFilters()} />
      </Suspense>
    );
  } else {
    body = <EmptyState title={t('history.emptyTitle')} text={t('history.emptyText')} />;
  }

  return (
    <section className={styles.history} aria-labelledby={titleId} data-testid="transaction-history">
      <h2 id={titleId} className={styles.title}>
        {t('history.title')}
      </h2>
      {toolsShown &&
        (afterFirstScreen ? (
          <Suspense fallback={<HistoryToolsPlaceholder />}>
            <HistoryTools />
          </Suspense>
        ) : (
          <HistoryToolsPlaceholder />
        ))}
      {body}
      <TransactionDetailsSheet />
    </section>
  );
}
