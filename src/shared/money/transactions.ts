/**
 * Transaction types (SPEC §3): what the wallet list shows, and the ledger's internal types it hides. The wallet
 * types are the contract's enum (one list); the ledger and the app read them from here.
 */
import { WalletTransactionType } from '@/shared/contract';

/** Types the wallet list shows (SPEC §3 exactly), in the contract's order. */
export const WALLET_TRANSACTION_TYPES: readonly WalletTransactionType[] = WalletTransactionType.options;

/**
 * Internal types: money movements the wallet list does not show (card purchases/refunds, refunds of a
 * failed card issue or top-up, settlement between system accounts). Any camelCase name is accepted.
 */
type InternalTransactionType = 'cardPurchase' | 'cardRefund' | 'cardIssueRefund' | 'cardTopupRefund' | (string & {});

export type LedgerTransactionType = WalletTransactionType | InternalTransactionType;

export const isWalletTransactionType = (type: string): type is WalletTransactionType =>
  (WALLET_TRANSACTION_TYPES as readonly string[]).includes(type);
