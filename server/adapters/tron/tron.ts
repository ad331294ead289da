/**
 * Where USDT (TRC20) deposits come from: a source of token transfers to an address, read in chain order with a
 * cursor. Implementations: the sandbox chain (sandbox.ts) and TronGrid's HTTP API (trongrid.ts). Both feed the one
 * crediting path, server/modules/wallet/usdt-watcher.ts.
 */
export interface TronTransfer {
  /** Identity of the transfer in the source (stored with what became of it). */
  eventId: string;
  /**
   * The cursor to store once this transfer and every one before it are processed (default: `eventId`). The watcher
   * stores it in the same database transaction that credits or parks this transfer.
   */
  cursor?: string;
  txHash: string;
  from: string;
  to: string;
  /** micro-USDT (6 decimals), > 0 (0 when `ignored`). */
  amountMicro: number;
  /** Blocks from the transfer's block to the latest one, both counted; 0 = not (or no longer) in a known block. */
  confirmations: number;
  at: Date;
  /**
   * Set when the source saw an item that is no deposit (another token contract, a failed transaction, a malformed
   * item): the watcher moves the cursor past it and credits or parks nothing (logged with this reason).
   */
  ignored?: string;
}

export interface TronDepositSource {
  /** Transfers of USDT TRC20 to `address` after the cursor (null = from the beginning), oldest first. */
  transfersTo(address: string, afterCursor: string | null, limit: number): Promise<TronTransfer[]>;
  /**
   * The USDT `address` holds on chain now, in micro-USDT (docs/ops.md "Reconciliation": compared daily with what our
   * books say reached it). Throws when the chain cannot be asked.
   */
  holdings(address: string): Promise<number>;
}

/** Outside the sandbox without TRON_ADAPTER=trongrid no TRON node is read: no deposit is ever seen (logged at start). */
export const unconfiguredTronSource: TronDepositSource = {
  transfersTo: async () => [],
  holdings: async () => {
    throw new Error('No TRON source is configured (TRON_ADAPTER)');
  },
};
