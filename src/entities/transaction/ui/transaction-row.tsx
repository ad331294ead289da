import { lazy, Suspense } from 'react';
import type { WalletTransaction } from '@/shared/contract';
import { Row } from './row';

export interface TransactionRowProps {
  transaction: WalletTransaction;
  /** Confirmations a USDT deposit needs (from the app config), for "7 of 19". */
  requiredConfirmations?: number;
  /** Makes the row a real button that opens the transaction's details. */
  onOpen?: () => void;
}

const WALLET_ONLY = ['wallet'];
const WITH_REASONS = ['wallet', 'errors'];
/** A held deposit's row with its note: a lazy chunk that declares this entity's texts (why a deposit is held). */
const HeldRow = lazy(() => import('./held-row'));

/** One wallet transaction: type icon, localized description, signed amount, pending/failed badge. */
export function TransactionRow(props: TransactionRowProps) {
  const tx = props.transaction;
  const failedWithCode = tx.status === 'failed' && tx.failureCode !== null;
  const held = tx.type === 'usdtDeposit' && tx.details.hold !== null;
  if (!failedWithCode && !held) return <Row {...props} namespaces={WALLET_ONLY} />;
  // Why it failed (`errors:reasons.<CODE>`) and why a deposit is held (this entity's texts, held-row.tsx) are not on
  // the wallet's first paint (bundle budget): the row shows at once without that sentence, then with it.
  return (
    <Suspense fallback={<Row {...props} namespaces={WALLET_ONLY} brief />}>
      {held ? <HeldRow {...props} /> : <Row {...props} namespaces={WITH_REASONS} />}
    </Suspense>
  );
}
