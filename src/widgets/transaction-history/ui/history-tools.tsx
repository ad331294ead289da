import { WalletHistoryFilters } from '@/features/history-search';
import { StatementExport } from '@/features/statement-export';

const WALLET_ACCOUNT = { kind: 'wallet' } as const;

/**
 * The history's tools: search and filters, and the statement panel. A lazy chunk of its own with the `history`
 * texts (transaction-history.tsx): the wallet's first paint (balances and rows) does not wait for them.
 */
export default function HistoryTools() {
  return (
    <>
      <WalletHistoryFilters />
      <StatementExport account={WALLET_ACCOUNT} />
    </>
  );
}
