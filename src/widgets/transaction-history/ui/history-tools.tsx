import { WalletHistoryFilters } from '@/features/history-search';
import { StatementExport } from '@/features/statement-export';

const WALLET_ACCOUNT = { kind: 'wallet' } as const;

/**
 * The history's tools: search and filters, and the statement panel. A lazy chunk of its own, their slices' texts
 * loading with it (transaction-history.tsx): the wallet's first paint (balances and rows) does not wait for them.
 */
export default function HistoryTools() {
  return (
    <>
      <WalletHistoryFilters />
      <StatementExport account={WALLET_ACCOUNT} />
    </>
  );
}

/** "Nothing found" once the filters narrowed the list to nothing (in this chunk: the filters set them). */
export { HistoryNothingFound } from '@/features/history-search';
