/**
 * Where USDT (TRC20) deposits come from: a source of confirmed token transfers to an address, read in
 * chain order with a cursor. Implementations: the sandbox chain (sandbox.ts); a real one would read a
 * TRON node / indexer (TronGrid-like `GET /v1/accounts/{address}/transactions/trc20`, only_confirmed).
 */
export interface TronTransfer {
  /** Position in the source; the watcher stores the last one it processed as its cursor. */
  eventId: string;
  txHash: string;
  from: string;
  to: string;
  /** micro-USDT (6 decimals), > 0. */
  amountMicro: number;
  confirmations: number;
  at: Date;
}

export interface TronDepositSource {
  /** Transfers of USDT TRC20 to `address` after `afterEventId` (null = from the beginning), oldest first. */
  transfersTo(address: string, afterEventId: string | null, limit: number): Promise<TronTransfer[]>;
}

/** Outside the sandbox no TRON node is integrated yet: no deposit is ever seen (logged at start). */
export const unconfiguredTronSource: TronDepositSource = {
  transfersTo: async () => [],
};
