/**
 * The production TRON sender (TRON_SENDER_ADAPTER=trongrid): a TRC20 `transfer(to, amount)` call built and signed HERE
 * with the hot wallet's key from configuration (TRON_WITHDRAWAL_PRIVATE_KEY, never logged, never sent), then
 * broadcast through TronGrid (`/wallet/broadcasthex`). Nothing the node answers is signed: the node gives only the
 * reference block (`/wallet/getnowblock`), so a hostile or broken node cannot make us sign another transfer.
 *
 * The transaction is java-tron's protobuf (core/Tron.proto `Transaction.raw`, core/contract/smart_contract.proto
 * `TriggerSmartContract`), encoded by the few lines below; its id is SHA-256 of the raw bytes and the signature is
 * secp256k1 over that id (RFC 6979, 65 bytes r‖s‖recovery id), as java-tron checks it. Tested against public vectors
 * (tests/server/tron-sender.test.ts) and a fake TronGrid that decodes the transaction and recovers the signer.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { tronAddressBytes, tronAddressOf } from '@/shared/contract/tron-address';
import type { SignedTronTransfer, TronSender, TronTransferState } from './sender';
import { TronSenderError } from './sender';

export interface TronGridSenderOptions {
  apiUrl: string;
  apiKey: string | undefined;
  /** 32-byte secp256k1 key, hex. */
  privateKey: string;
  /** The TRC20 contract (USDT). */
  contractAddress: string;
  /** Most TRX (in sun) the transfer may burn for energy. */
  feeLimitSun: number;
  /** How long a signed transaction stays valid (TRON allows up to 24 h). */
  expirationMs: number;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const bytesOf = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));

/** The base58 address of a private key: 0x41 + the last 20 bytes of Keccak-256 of the uncompressed public key. */
export const tronAddressOfKey = (privateKeyHex: string): string => {
  const publicKey = secp256k1.getPublicKey(bytesOf(privateKeyHex), false); // 65 bytes, 0x04 first
  const hash = keccak_256(publicKey.slice(1));
  return tronAddressOf(Uint8Array.from([0x41, ...hash.slice(12)]));
};

/** secp256k1 signature of a 32-byte hash as TRON wants it: r ‖ s ‖ recovery id (65 bytes). */
export const signTronHash = (hash: Uint8Array, privateKeyHex: string): Uint8Array => {
  const signature = secp256k1.sign(hash, bytesOf(privateKeyHex), { prehash: false, format: 'recovered' });
  // noble's 'recovered' format is recovery id ‖ r ‖ s; TRON's is r ‖ s ‖ recovery id.
  return Uint8Array.from([...signature.slice(1), signature[0]!]);
};

// ── protobuf, the part we need ───────────────────────────────────────────────────────────────────

const varint = (value: bigint | number): number[] => {
  let v = BigInt(value);
  if (v < 0n) throw new Error('negative varint');
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
};
const field = (number: number, wire: 0 | 2, value: number | bigint | Uint8Array): number[] =>
  wire === 0 ? [...varint((number << 3) | 0), ...varint(value as number | bigint)] : [...varint((number << 3) | 2), ...varint((value as Uint8Array).length), ...(value as Uint8Array)];
const text = (s: string) => new TextEncoder().encode(s);

/** ABI of `transfer(address,uint256)`: selector a9059cbb, the 20-byte address and the amount, each in 32 bytes. */
const trc20TransferData = (toAddressBytes: Uint8Array, amount: bigint): Uint8Array => {
  const out = new Uint8Array(4 + 32 + 32);
  out.set([0xa9, 0x05, 0x9c, 0xbb], 0);
  out.set(toAddressBytes.slice(1), 4 + 12);
  const amountHex = amount.toString(16).padStart(64, '0');
  out.set(bytesOf(amountHex), 36);
  return out;
};

interface RawTransferInput {
  owner: Uint8Array;
  contract: Uint8Array;
  data: Uint8Array;
  refBlockBytes: Uint8Array;
  refBlockHash: Uint8Array;
  expiration: number;
  timestamp: number;
  feeLimit: number;
}

/** Transaction.raw of one TriggerSmartContract call (fields: 1 ref_block_bytes, 4 ref_block_hash, 8 expiration, 11 contract, 14 timestamp, 18 fee_limit). */
const encodeRawTransfer = (input: RawTransferInput): Uint8Array => {
  const trigger = [...field(1, 2, input.owner), ...field(2, 2, input.contract), ...field(4, 2, input.data)];
  const any = [...field(1, 2, text('type.googleapis.com/protocol.TriggerSmartContract')), ...field(2, 2, Uint8Array.from(trigger))];
  const contract = [...field(1, 0, 31 /* TriggerSmartContract */), ...field(2, 2, Uint8Array.from(any))];
  return Uint8Array.from([
    ...field(1, 2, input.refBlockBytes),
    ...field(4, 2, input.refBlockHash),
    ...field(8, 0, input.expiration),
    ...field(11, 2, Uint8Array.from(contract)),
    ...field(14, 0, input.timestamp),
    ...field(18, 0, input.feeLimit),
  ]);
};

/** The signed Transaction (1 raw_data, 2 signature). */
const encodeSignedTransaction = (raw: Uint8Array, signature: Uint8Array): Uint8Array => Uint8Array.from([...field(1, 2, raw), ...field(2, 2, signature)]);

export class TronGridSender implements TronSender {
  readonly name = 'trongrid';
  readonly address: string;
  private readonly owner: Uint8Array;
  private readonly contract: Uint8Array;

  constructor(private readonly options: TronGridSenderOptions) {
    if (!/^[0-9a-fA-F]{64}$/.test(options.privateKey) || !secp256k1.utils.isValidSecretKey(bytesOf(options.privateKey))) {
      throw new Error('TRON_WITHDRAWAL_PRIVATE_KEY is not a secp256k1 private key');
    }
    this.address = tronAddressOfKey(options.privateKey);
    this.owner = tronAddressBytes(this.address)!;
    const contract = tronAddressBytes(options.contractAddress);
    if (!contract) throw new Error('the TRC20 contract is not a TRON address');
    this.contract = contract;
  }

  private async post<T>(path: string, body: object): Promise<T> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.options.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { 'TRON-PRO-API-KEY': this.options.apiKey } : {}) },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new TronSenderError(`TronGrid unreachable (${error instanceof Error ? error.name : 'error'})`);
    }
    if (!response.ok) throw new TronSenderError(`TronGrid answered ${response.status} to ${path}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new TronSenderError(`TronGrid answered ${path} with something that is not JSON`);
    }
  }

  async sign({ to, amountMicro }: { to: string; amountMicro: number }): Promise<SignedTronTransfer> {
    const toBytes = tronAddressBytes(to);
    if (!toBytes) throw new Error(`not a TRON address: ${to}`);
    if (!Number.isSafeInteger(amountMicro) || amountMicro <= 0) throw new Error('the amount must be a positive safe integer');
    const block = await this.post<{ blockID?: unknown; block_header?: { raw_data?: { number?: unknown; timestamp?: unknown } } }>('/wallet/getnowblock', {});
    const blockId = typeof block.blockID === 'string' && /^[0-9a-f]{64}$/.test(block.blockID) ? block.blockID : null;
    const blockTime = Number(block.block_header?.raw_data?.timestamp);
    if (!blockId || !Number.isSafeInteger(blockTime) || blockTime <= 0) throw new TronSenderError('TronGrid answered getnowblock without a block id and time');
    const raw = encodeRawTransfer({
      owner: this.owner,
      contract: this.contract,
      data: trc20TransferData(toBytes, BigInt(amountMicro)),
      // The reference block: bytes 6..8 of the block id (the low bytes of its height) and bytes 8..16 of its hash.
      refBlockBytes: bytesOf(blockId.slice(12, 16)),
      refBlockHash: bytesOf(blockId.slice(16, 32)),
      expiration: blockTime + this.options.expirationMs,
      timestamp: blockTime,
      feeLimit: this.options.feeLimitSun,
    });
    const txId = sha256(raw);
    const signature = signTronHash(txId, this.options.privateKey);
    return { txId: hexOf(txId), payload: hexOf(encodeSignedTransaction(raw, signature)), expiresAt: new Date(blockTime + this.options.expirationMs) };
  }

  async broadcast(signed: SignedTronTransfer): Promise<void> {
    const answer = await this.post<{ result?: unknown; code?: unknown; message?: unknown }>('/wallet/broadcasthex', { transaction: signed.payload });
    if (answer.result === true || answer.code === 'DUP_TRANSACTION_ERROR') return;
    throw new TronSenderError(`TronGrid refused the broadcast: ${typeof answer.code === 'string' ? answer.code.slice(0, 60) : 'no code'}`);
  }

  async status(signed: SignedTronTransfer): Promise<TronTransferState> {
    // The solidity node knows only irreversible blocks: found there means final.
    const info = await this.post<{ id?: unknown; blockNumber?: unknown; result?: unknown; receipt?: { result?: unknown } }>('/walletsolidity/gettransactioninfobyid', { value: signed.txId });
    if (info.id !== signed.txId) return { state: 'unknown' };
    const result = typeof info.receipt?.result === 'string' ? info.receipt.result : info.result === 'FAILED' ? 'FAILED' : 'SUCCESS';
    if (result === 'SUCCESS') return { state: 'confirmed', blockNumber: Number.isSafeInteger(info.blockNumber) ? (info.blockNumber as number) : null };
    return { state: 'failed', failureCode: /^[A-Z_]{1,40}$/.test(result) ? `TRON_${result}` : 'TRON_FAILED' };
  }
}
