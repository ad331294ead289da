import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { CardFailureText, CardTradeRow, CardTransactionRow, cardTrades, cardTransactions, type CardHistory, CARD_READ_FAILURES } from '@/entities/card';
import { CardHistoryFilters, cardSearch, historySearchTexts } from '@/features/history-search';
import { StatementExport } from '@/features/statement-export';
import { TransactionDetailsSheet, transactionDetailsOpened } from '@/features/transaction-details';
import { useTranslation } from '@/shared/i18n';
import { EmptyState, ErrorState, List, LoadMore, SegmentedControl, Skeleton } from '@/shared/ui';
import { $cardToolsShown, $tab, tabChanged, type HistoryTab } from '../model/history-tabs';
import { cardHistoryTexts } from '../i18n/texts';
import styles from './card-history.module.css';

function HistoryList<T extends { id: string }>({
  history,
  cardId,
  render,
  emptyText,
  operation,
}: {
  history: CardHistory<T>;
  operation: 'transactions' | 'trades';
  cardId: string;
  render: (item: T) => ReactNode;
  emptyText: string;
}) {
  const { t } = useTranslation([cardHistoryTexts.ns, 'errors']);
  const [items, state, error, hasMore, loadingMore, moreError, more, open] = useUnit([
    history.$items,
    history.$state,
    history.$error,
    history.$hasMore,
    history.$loadingMore,
    history.$moreError,
    history.moreRequested,
    history.opened,
  ]);
  if (state === 'pending' && items.length === 0) {
    return (
      <div className={styles.skeleton} aria-busy="true">
        <Skeleton height={52} />
        <Skeleton height={52} />
        <Skeleton height={52} />
      </div>
    );
  }
  if (state === 'error' && items.length === 0) {
    return <ErrorState title={t('errors:cards.operationError')} message={<CardFailureText message={CARD_READ_FAILURES[operation]} error={error} />} onRetry={() => open(cardId)} />;
  }
  if (items.length === 0) return <EmptyState title={emptyText} />;
  return (
    <div className={styles.list}>
      <List>{items.map((item) => render(item))}</List>
      {moreError && (
        <p className={styles.error} role="alert">
          <CardFailureText message={CARD_READ_FAILURES[operation]} error={moreError} />
        </p>
      )}
      {hasMore && <LoadMore variant="plain" onLoadMore={() => more()} loading={loadingMore} label={t(`${cardHistoryTexts.ns}:loadMore`)} />}
    </div>
  );
}

/** Transactions and trades of a card, as two tabs, with "load more". */
export function CardHistoryTabs({ cardId }: { cardId: string }) {
  const { t } = useTranslation([cardHistoryTexts.ns, historySearchTexts.ns]);
  const [tab, change, filtered, openDetails, toolsShown] = useUnit([$tab, tabChanged, cardSearch.$filtered, transactionDetailsOpened, $cardToolsShown]);
  return (
    <section className={styles.section} aria-labelledby="card-history-title">
      <h2 id="card-history-title" className={styles.title}>
        {t(`${cardHistoryTexts.ns}:title`)}
      </h2>
      <SegmentedControl<HistoryTab>
        label={t(`${cardHistoryTexts.ns}:title`)}
        value={tab}
        onChange={change}
        options={[
          { value: 'transactions', label: t(`${cardHistoryTexts.ns}:transactions`) },
          { value: 'trades', label: t(`${cardHistoryTexts.ns}:trades`) },
        ]}
      />
      {tab === 'transactions' && toolsShown && (
        <>
          <CardHistoryFilters />
          <StatementExport account={{ kind: 'card', cardId }} />
        </>
      )}
      {tab === 'transactions' ? (
        <HistoryList
          history={cardTransactions}
          operation="transactions"
          cardId={cardId}
          emptyText={filtered ? t(`${historySearchTexts.ns}:empty.title`) : t(`${cardHistoryTexts.ns}:noTransactions`)}
          render={(item) => (
            <CardTransactionRow key={item.id} transaction={item} onOpen={() => openDetails({ kind: 'card', cardId: item.cardId, transactionId: item.id })} />
          )}
        />
      ) : (
        <HistoryList
          history={cardTrades}
          operation="trades"
          cardId={cardId}
          emptyText={t(`${cardHistoryTexts.ns}:noTrades`)}
          render={(item) => <CardTradeRow key={item.id} trade={item} onOpen={() => openDetails({ kind: 'trade', cardId: item.cardId, tradeId: item.id })} />}
        />
      )}
      <TransactionDetailsSheet />
    </section>
  );
}
