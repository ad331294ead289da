/**
 * Where USDT withdrawals leave: a TRON sender (docs/adapters.md "TRON sender"). Implementations: the sandbox chain
 * (server/sandbox/tron-sender.ts, confirms or fails later) and TronGrid (./trongrid-sender.ts: signs locally with the
 * key from configuration, broadcasts through TronGrid).
 *
 * Exactly once rests on the signed transaction: the withdrawal job signs ONE transaction, stores it, and only then
 * broadcasts it; a retry broadcasts the SAME bytes again (the network keeps one transaction per id). A new one is
 * never signed for a withdrawal; a transaction the network does not know once its expiration has passed can never be
 * included any more, and only then is the withdrawal failed and refunded.
 */
export interface SignedTronTransfer {
  /** The transaction id (hex SHA-256 of its raw data): the hash the explorer shows. */
  txId: string;
  /** What broadcast sends (the signed transaction's bytes as hex, or the sandbox's own form). */
  payload: string;
  /** After this the network refuses the transaction for good. */
  expiresAt: Date;
}

export type TronTransferState =
  /** In a solidified block with receipt SUCCESS: the address has the USDT. */
  | { state: 'confirmed'; blockNumber: number | null }
  /** In a block, but the contract call failed (out of energy, reverted): nothing was transferred. */
  | { state: 'failed'; failureCode: string }
  /** Not (yet) in a solidified block. Past `expiresAt` plus a margin it never will be. */
  | { state: 'unknown' };

export interface TronSender {
  readonly name: string;
  /** The hot wallet's address (money leaves from it). */
  readonly address: string;
  /** Builds and signs a transfer of `amountMicro` micro-USDT to `to`; nothing leaves the process. */
  sign(transfer: { to: string; amountMicro: number }): Promise<SignedTronTransfer>;
  /**
   * Sends a signed transfer to the network. Idempotent: the same transfer twice is one transaction. Throws
   * TronSenderError when the node cannot be reached or refuses (the job tries again; the status decides in the end).
   */
  broadcast(signed: SignedTronTransfer): Promise<void>;
  /** What the network says about a broadcast transfer now. */
  status(signed: SignedTronTransfer): Promise<TronTransferState>;
}

export class TronSenderError extends Error {
  override name = 'TronSenderError';
}
