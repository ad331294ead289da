/**
 * USDT TRC20 deposits read from TronGrid's HTTP API (docs/wallet.md "TRON deposit watcher"):
 *
 * - `GET /v1/accounts/{address}/transactions/trc20?only_to=true&only_confirmed=true&contract_address=…&limit=…
 *   &order_by=block_timestamp,asc&min_timestamp=<cursor>[&fingerprint=…]` lists the transfers to the address,
 *   oldest first, pages joined by `meta.fingerprint`;
 * - `POST /wallet/getnowblock` (latest block number) and `POST /wallet/gettransactioninfobyid` (the transfer's block,
 *   its receipt) count the confirmations of each transfer before the watcher may credit it.
 *
 * The cursor is `{ ts, ids }`: the block timestamp of the last processed transfer and the ids of every transfer
 * processed at that timestamp (several transfers share a block, and the API's order inside one timestamp is not
 * stable). The next read starts at `min_timestamp = ts` and leaves those ids out, so it neither skips nor repeats.
 * Fingerprints are only followed within one read: they are the API's own short-lived paging state.
 *
 * Failures (network, timeout, 5xx, 429, 403 "suspended", a body that is not the documented shape) throw a
 * `TronGridError`; the source then refuses to call the API again until its back-off has passed (Retry-After, the
 * suspension the 403 names, or 1 s doubling), so a failing pass never hammers the API. Every wait is capped at
 * `maxBackoffSeconds` (TRONGRID_MAX_BACKOFF_SECONDS, 5 min): a 403 "suspended for 99999999s" stopped deposits for good.
 */
import type { Clock } from '../../clock';
import type { TronGridConfig } from '../../config/tron';
import { outsideFetch } from '../outside-http';
import type { TronDepositSource, TronTransfer } from './tron';

export type TronGridErrorCode = 'RATE_LIMITED' | 'SUSPENDED' | 'HTTP_ERROR' | 'NETWORK' | 'BAD_RESPONSE' | 'BAD_CURSOR' | 'BACKING_OFF';

export class TronGridError extends Error {
  override name = 'TronGridError';
  constructor(
    readonly code: TronGridErrorCode,
    message: string,
    /** How long the source waits before calling the API again (0 = no wait). */
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

export interface TronGridSourceOptions extends TronGridConfig {
  clock: Clock;
  /** Confirmations needed to credit (USDT_CONFIRMATIONS): block lookups stop at the first transfer short of them. */
  minConfirmations: number;
  log?: (msg: string, data?: object) => void;
  /** Tests: another fetch. */
  fetch?: typeof fetch;
}

interface Cursor {
  ts: number;
  ids: string[];
}

/** One listed item, read defensively: anything may be missing or of another type. */
interface ListedItem {
  id: string;
  ts: number;
  txHash: string;
  from: string;
  to: string;
  amountMicro: number;
  ignored?: string;
}

const MAX_PAGES_PER_READ = 10;
const MIN_BACKOFF_MS = 1_000;
const SUSPENDED_DEFAULT_MS = 60_000;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TX_ID = /^[0-9a-fA-F]{64}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const parseTronGridCursor = (text: string | null): Cursor | null => {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!isRecord(value) || !Number.isSafeInteger(value.ts) || !Array.isArray(value.ids) || !value.ids.every((id) => typeof id === 'string')) {
    throw new TronGridError('BAD_CURSOR', `the stored cursor is not a TronGrid cursor (another TRON_ADAPTER wrote it?): ${text.slice(0, 80)}`);
  }
  return { ts: value.ts as number, ids: value.ids as string[] };
};

export class TronGridSource implements TronDepositSource {
  private notBefore = 0;
  private failures = 0;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: TronGridSourceOptions) {
    this.fetchFn = options.fetch ?? fetch;
  }

  /** When the API may be called again (ms since the epoch; 0 = now). */
  get backingOffUntil(): number {
    return this.notBefore;
  }

  async transfersTo(address: string, afterCursor: string | null, limit: number): Promise<TronTransfer[]> {
    const cursor = parseTronGridCursor(afterCursor);
    const items = await this.list(address, cursor, limit);
    const transfers = items.length ? await this.withConfirmations(items, cursor) : [];
    this.failures = 0; // a whole read went through: the next failure backs off from the start again
    return transfers;
  }

  /**
   * GET /v1/accounts/{address}: the account's TRC20 balances (`data[0].trc20: [{ <contract>: "<integer>" }]`); the
   * USDT contract's, in micro-USDT (0 for an account the chain has never seen: `data: []`).
   */
  async holdings(address: string): Promise<number> {
    const body = await this.call('GET', `/v1/accounts/${encodeURIComponent(address)}`);
    if (!isRecord(body) || body.success !== true || !Array.isArray(body.data)) {
      throw this.fail(new TronGridError('BAD_RESPONSE', 'TronGrid account is not {success: true, data: [...]}'));
    }
    const account = body.data[0];
    if (account === undefined) return 0;
    const balances = isRecord(account) && Array.isArray(account.trc20) ? account.trc20 : [];
    for (const entry of balances) {
      const value = isRecord(entry) ? entry[this.options.contractAddress] : undefined;
      if (typeof value === 'string') {
        if (!/^\d{1,16}$/.test(value)) throw this.fail(new TronGridError('BAD_RESPONSE', 'TronGrid USDT balance is not an integer'));
        return Number(value);
      }
    }
    return 0;
  }

  /** New items after the cursor, oldest first (up to `limit`, following fingerprints). */
  private async list(address: string, cursor: Cursor | null, limit: number): Promise<ListedItem[]> {
    const { contractAddress, pageSize } = this.options;
    const done = new Set(cursor?.ids ?? []);
    const found = new Map<string, ListedItem>();
    let fingerprint: string | undefined;
    for (let page = 0; page < MAX_PAGES_PER_READ; page++) {
      const query = new URLSearchParams({
        only_to: 'true',
        only_confirmed: 'true',
        contract_address: contractAddress,
        limit: String(pageSize),
        order_by: 'block_timestamp,asc',
      });
      if (cursor) query.set('min_timestamp', String(cursor.ts));
      if (fingerprint) query.set('fingerprint', fingerprint);
      const body = await this.call('GET', `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`);
      if (!isRecord(body) || body.success !== true || !Array.isArray(body.data)) {
        throw this.fail(new TronGridError('BAD_RESPONSE', 'TronGrid listing is not {success: true, data: [...]}'));
      }
      for (const raw of body.data) {
        const item = this.readItem(raw);
        if (!item) continue;
        if (cursor && (item.ts < cursor.ts || (item.ts === cursor.ts && done.has(item.id)))) continue;
        if (!found.has(item.id)) found.set(item.id, item); // the same transfer on two pages counts once
      }
      const meta = isRecord(body.meta) ? body.meta : {};
      const next = typeof meta.fingerprint === 'string' && meta.fingerprint ? meta.fingerprint : undefined;
      if (found.size >= limit || !next || body.data.length === 0) break;
      fingerprint = next;
    }
    // Oldest first; the API's order inside one timestamp (one block) is not stable, so ties go by id.
    return [...found.values()].sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
  }

  /** One listed item → what the watcher needs; null when it cannot even be placed (no tx id or timestamp). */
  private readItem(raw: unknown): ListedItem | null {
    if (!isRecord(raw) || typeof raw.transaction_id !== 'string' || !TX_ID.test(raw.transaction_id) || !Number.isSafeInteger(raw.block_timestamp)) {
      this.options.log?.('TronGrid item without transaction_id/block_timestamp skipped', { item: JSON.stringify(raw)?.slice(0, 300) });
      return null;
    }
    const txHash = raw.transaction_id.toLowerCase();
    const from = typeof raw.from === 'string' ? raw.from : '';
    const to = typeof raw.to === 'string' ? raw.to : '';
    const value = typeof raw.value === 'string' ? raw.value : '';
    // A transaction may hold several Transfer events: the id tells them apart; the same event listed twice is one.
    const id = `${txHash}:${from}:${to}:${value}`;
    const base = { id, ts: raw.block_timestamp as number, txHash, from, to, amountMicro: 0 };
    const token = isRecord(raw.token_info) ? raw.token_info : {};
    if (token.address !== this.options.contractAddress) return { ...base, ignored: 'other_token_contract' };
    if (raw.type !== undefined && raw.type !== 'Transfer') return { ...base, ignored: 'not_a_transfer' };
    if (token.decimals !== undefined && Number(token.decimals) !== 6) return { ...base, ignored: 'unexpected_decimals' };
    if (!TRON_ADDRESS.test(from) || !TRON_ADDRESS.test(to)) return { ...base, ignored: 'malformed_address' };
    const amountMicro = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(amountMicro)) return { ...base, ignored: 'malformed_value' };
    return { ...base, amountMicro };
  }

  /** Confirmations per item (until the first one short of the minimum), and the cursor after each. */
  private async withConfirmations(items: ListedItem[], cursor: Cursor | null): Promise<TronTransfer[]> {
    const head = await this.latestBlock();
    const blocks = new Map<string, { block: number | null; failed: boolean }>();
    const out: TronTransfer[] = [];
    let position: Cursor = cursor ?? { ts: -1, ids: [] };
    for (const item of items) {
      let confirmations = 0;
      let ignored = item.ignored;
      if (!ignored) {
        let info = blocks.get(item.txHash);
        if (!info) {
          info = await this.transactionBlock(item.txHash);
          blocks.set(item.txHash, info);
        }
        confirmations = info.block === null ? 0 : Math.max(0, head - info.block + 1);
        if (info.block !== null && info.failed) ignored = 'failed_transaction';
      }
      position = position.ts === item.ts ? { ts: item.ts, ids: [...position.ids, item.id] } : { ts: item.ts, ids: [item.id] };
      out.push({
        eventId: item.id,
        cursor: JSON.stringify(position),
        txHash: item.txHash,
        from: item.from,
        to: item.to,
        amountMicro: ignored ? 0 : item.amountMicro,
        confirmations,
        at: new Date(item.ts),
        ...(ignored ? { ignored } : {}),
      });
      // The watcher stops at the first transfer short of its confirmations: later ones are not looked up now.
      if (!ignored && confirmations < this.options.minConfirmations) break;
    }
    return out;
  }

  private async latestBlock(): Promise<number> {
    const body = await this.call('POST', '/wallet/getnowblock', {});
    const header = isRecord(body) && isRecord(body.block_header) && isRecord(body.block_header.raw_data) ? body.block_header.raw_data : null;
    if (!header || !Number.isSafeInteger(header.number)) throw this.fail(new TronGridError('BAD_RESPONSE', 'getnowblock has no block_header.raw_data.number'));
    return header.number as number;
  }

  /** The block a transaction is in (null: not in a block the node knows — pending, or dropped by a reorganisation). */
  private async transactionBlock(txHash: string): Promise<{ block: number | null; failed: boolean }> {
    const body = await this.call('POST', '/wallet/gettransactioninfobyid', { value: txHash });
    if (!isRecord(body)) throw this.fail(new TronGridError('BAD_RESPONSE', 'gettransactioninfobyid did not answer an object'));
    if (!Number.isSafeInteger(body.blockNumber)) return { block: null, failed: false };
    const receipt = isRecord(body.receipt) ? body.receipt : {};
    const failed = body.result === 'FAILED' || (typeof receipt.result === 'string' && receipt.result !== 'SUCCESS');
    return { block: body.blockNumber as number, failed };
  }

  /** Remembers a failure: the API is not called again for the wait it asked for or the back-off, at most the ceiling. */
  private fail(error: TronGridError): TronGridError {
    this.failures++;
    const ceiling = this.options.maxBackoffSeconds * 1000;
    const backoff = Math.min(ceiling, error.retryAfterMs || MIN_BACKOFF_MS * 2 ** Math.min(30, this.failures - 1));
    this.notBefore = this.options.clock.now().getTime() + backoff;
    if (error.retryAfterMs > ceiling) this.options.log?.('TronGrid asked to wait longer than TRONGRID_MAX_BACKOFF_SECONDS: waiting the ceiling', { askedMs: error.retryAfterMs, waitMs: ceiling });
    return new TronGridError(error.code, error.message, backoff);
  }

  private async call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    const now = this.options.clock.now().getTime();
    if (now < this.notBefore) {
      throw new TronGridError('BACKING_OFF', `TronGrid is not called again for ${Math.ceil((this.notBefore - now) / 1000)} s`, this.notBefore - now);
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers['TRON-PRO-API-KEY'] = this.options.apiKey;
    if (body) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      // A redirect is followed within TRONGRID_API_URL's origin only (outsideFetch): anything else is a failed call.
      response = await outsideFetch(
        `${this.options.apiUrl}${path}`,
        { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(this.options.timeoutMs) },
        this.fetchFn,
      );
      text = await response.text();
    } catch (error) {
      throw this.fail(new TronGridError('NETWORK', `TronGrid ${method} ${path.split('?')[0]} failed: ${String(error)}`));
    }
    if (response.status === 429) {
      throw this.fail(new TronGridError('RATE_LIMITED', 'TronGrid answered 429 (rate limited)', retryAfterMs(response.headers.get('retry-after'))));
    }
    if (response.status === 403 && /suspend|frequency|limit/i.test(text)) {
      const seconds = /(\d+)\s*s\b/.exec(text);
      throw this.fail(new TronGridError('SUSPENDED', `TronGrid suspended this key: ${text.slice(0, 200)}`, seconds ? Number(seconds[1]) * 1000 : SUSPENDED_DEFAULT_MS));
    }
    if (!response.ok) throw this.fail(new TronGridError('HTTP_ERROR', `TronGrid ${method} ${path.split('?')[0]} answered ${response.status}: ${text.slice(0, 200)}`));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.fail(new TronGridError('BAD_RESPONSE', `TronGrid ${method} ${path.split('?')[0]} answered no JSON`));
    }
    return parsed;
  }
}

/** Retry-After: seconds or an HTTP date; 0 when absent or unreadable (then the exponential back-off applies). */
const retryAfterMs = (header: string | null): number => {
  if (!header) return 0;
  if (/^\d{1,12}$/.test(header.trim())) return Number(header.trim()) * 1000;
  return 0;
};
