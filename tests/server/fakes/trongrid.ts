/**
 * A local fake of the TronGrid HTTP API (node:http), serving the documented response shapes for the calls the TRON
 * deposit watcher makes (server/adapters/tron/trongrid.ts):
 *
 * - GET  /v1/accounts/{address}/transactions/trc20 — `{ data: [{ transaction_id, token_info: { symbol, address,
 *   decimals, name }, block_timestamp, from, to, type: 'Transfer', value }], success: true, meta: { at, page_size,
 *   fingerprint?, links?: { next } } }`, with only_to / only_confirmed / contract_address / min_timestamp /
 *   order_by=block_timestamp,asc / limit / fingerprint;
 * - GET  /v1/accounts/{address} — `{ data: [{ address, balance, trc20: [{ <contract>: "<integer>" }] }], success: true }`
 *   (the TRC20 balances: every transfer in a block, not reverted, summed per contract), `data: []` for an unseen account;
 * - POST /wallet/getnowblock — `{ blockID, block_header: { raw_data: { number, timestamp } } }`;
 * - POST /wallet/gettransactioninfobyid `{ value }` — `{ id, blockNumber, blockTimeStamp, receipt: { result }, … }`,
 *   or `{}` for a transaction in no block.
 *
 * Scriptable: transfers (with their block, or none), the head block, how far behind the head TronGrid calls a block
 * "confirmed", forced answers for the next requests (429, 403 suspension, 500, broken JSON), overlapping pages (a
 * transfer repeated on the next page) and shuffled pages. Every request is recorded.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export interface FakeTransfer {
  txid: string;
  from: string;
  to: string;
  /** micro-USDT as the API sends it: a string integer. */
  value: string;
  /** Block it is in; null = in no block (pending, or dropped by a reorganisation). */
  block: number | null;
  blockTimestamp: number;
  contract: string;
  decimals: number;
  /** The transaction reverted (receipt.result REVERT). */
  failed: boolean;
  /** Served even when the request filters by another contract (a misbehaving index). */
  ignoreContractFilter: boolean;
  /** gettransactioninfobyid answers {} though the index lists it (the node lost its block). */
  infoMissing: boolean;
  /** Served as this object instead of the documented item (malformed items). */
  raw?: unknown;
}

export interface ForcedAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Only for requests whose path starts with this (default: any). */
  path?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export const fakeTxId = (): string => randomBytes(32).toString('hex');

export class FakeTronGrid {
  url = '';
  headBlock = 1_000;
  /** only_confirmed=true lists transfers whose block is at least this far below the head (solidified ≈ 18 + 1). */
  confirmedLag = 18;
  /** The next page repeats the last item of the previous one (a listing that shifted between two page reads). */
  overlapPages = false;
  /** Each page's items in reverse order (the API's order is only by timestamp, and not even that is trusted). */
  reversePages = false;
  readonly transfers: FakeTransfer[] = [];
  readonly requests: RecordedRequest[] = [];
  private readonly forced: ForcedAnswer[] = [];
  private server: Server | undefined;
  private nextTimestamp = Date.UTC(2030, 0, 1, 12);

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A transfer on chain, in a block (default: the head, i.e. 1 confirmation) with a timestamp after every earlier one. */
  addTransfer(input: Partial<FakeTransfer> & Pick<FakeTransfer, 'to' | 'value'>): FakeTransfer {
    const block = input.block === undefined ? this.headBlock : input.block;
    const transfer: FakeTransfer = {
      txid: fakeTxId(),
      from: 'TXFakeSenderAddressForTronGridTest',
      contract: FAKE_USDT_CONTRACT,
      decimals: 6,
      failed: false,
      ignoreContractFilter: false,
      infoMissing: false,
      blockTimestamp: input.blockTimestamp ?? (this.nextTimestamp += 3000),
      ...input,
      block,
    };
    this.transfers.push(transfer);
    return transfer;
  }

  /** A reorganisation (or a dropped transaction): the transfer is no longer on chain. */
  remove(txid: string): void {
    for (let i = this.transfers.length - 1; i >= 0; i--) if (this.transfers[i]!.txid === txid) this.transfers.splice(i, 1);
  }

  /** The next `count` matching requests get this answer instead. */
  force(answer: ForcedAnswer, count = 1): void {
    for (let i = 0; i < count; i++) this.forced.push(answer);
  }

  listings(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith('/transactions/trc20'));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });

    const forcedAt = this.forced.findIndex((f) => !f.path || url.pathname.startsWith(f.path));
    if (forcedAt >= 0) {
      const [answer] = this.forced.splice(forcedAt, 1);
      res.writeHead(answer!.status, { 'content-type': 'application/json', ...answer!.headers });
      res.end(answer!.body);
      return;
    }

    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const listing = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (req.method === 'GET' && listing) return json(200, this.list(decodeURIComponent(listing[1]!), url.searchParams));
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && account) {
      const address = decodeURIComponent(account[1]!);
      const held = new Map<string, bigint>();
      for (const t of this.transfers) {
        if (t.to !== address || t.block === null || t.failed) continue;
        held.set(t.contract, (held.get(t.contract) ?? 0n) + BigInt(t.value));
      }
      if (!held.size) return json(200, { data: [], success: true, meta: { at: this.nextTimestamp, page_size: 0 } });
      return json(200, {
        data: [{ address, balance: 0, trc20: [...held].map(([contract, value]) => ({ [contract]: String(value) })) }],
        success: true,
        meta: { at: this.nextTimestamp, page_size: 1 },
      });
    }
    if (req.method === 'POST' && url.pathname === '/wallet/getnowblock') {
      return json(200, { blockID: blockId(this.headBlock), block_header: { raw_data: { number: this.headBlock, timestamp: this.nextTimestamp } } });
    }
    if (req.method === 'POST' && url.pathname === '/wallet/gettransactioninfobyid') {
      const value = typeof body === 'object' && body !== null ? (body as { value?: unknown }).value : undefined;
      const transfer = this.transfers.find((t) => t.txid === value && t.block !== null && !t.infoMissing);
      if (!transfer) return json(200, {});
      return json(200, {
        id: transfer.txid,
        fee: 13_844_850,
        blockNumber: transfer.block,
        blockTimeStamp: transfer.blockTimestamp,
        contractResult: [transfer.failed ? '' : '0000000000000000000000000000000000000000000000000000000000000001'],
        contract_address: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
        receipt: { energy_usage_total: 64_285, net_usage: 345, result: transfer.failed ? 'REVERT' : 'SUCCESS' },
        ...(transfer.failed ? { result: 'FAILED', resMessage: '5452414e534645525f4641494c4544' } : {}),
        log: [],
      });
    }
    json(404, { success: false, error: `no route ${req.method} ${url.pathname}`, statusCode: 404 });
  }

  private list(address: string, query: URLSearchParams): unknown {
    const onlyTo = query.get('only_to') === 'true';
    const onlyConfirmed = query.get('only_confirmed') === 'true';
    const contract = query.get('contract_address');
    const minTimestamp = Number(query.get('min_timestamp') ?? 0);
    const limit = Math.min(200, Math.max(1, Number(query.get('limit') ?? 20)));
    const asc = query.get('order_by') === 'block_timestamp,asc';
    let rows = this.transfers.filter(
      (t) =>
        (onlyTo ? t.to === address : t.to === address || t.from === address) &&
        (!contract || t.contract === contract || t.ignoreContractFilter) &&
        t.blockTimestamp >= minTimestamp &&
        (onlyConfirmed ? t.block !== null && t.block <= this.headBlock - this.confirmedLag : true),
    );
    rows = [...rows].sort((a, b) => (asc ? a.blockTimestamp - b.blockTimestamp : b.blockTimestamp - a.blockTimestamp));
    const fingerprint = query.get('fingerprint');
    let offset = 0;
    if (fingerprint) {
      const decoded = JSON.parse(Buffer.from(fingerprint, 'base64url').toString('utf8')) as { offset: number };
      offset = decoded.offset;
    }
    let page = rows.slice(offset, offset + limit);
    const nextOffset = offset + limit;
    const more = nextOffset < rows.length;
    if (this.reversePages) page = [...page].reverse();
    const data = page.map((t) => t.raw ?? item(t));
    const meta: Record<string, unknown> = { at: this.nextTimestamp, page_size: data.length };
    if (more) {
      const next = Buffer.from(JSON.stringify({ offset: this.overlapPages ? nextOffset - 1 : nextOffset })).toString('base64url');
      const nextQuery = new URLSearchParams(query);
      nextQuery.set('fingerprint', next);
      meta.fingerprint = next;
      meta.links = { next: `${this.url}/v1/accounts/${address}/transactions/trc20?${nextQuery}` };
    }
    return { data, success: true, meta };
  }
}

const item = (t: FakeTransfer) => ({
  transaction_id: t.txid,
  token_info: { symbol: t.contract === FAKE_USDT_CONTRACT ? 'USDT' : 'FAKE', address: t.contract, decimals: t.decimals, name: 'Tether USD' },
  block_timestamp: t.blockTimestamp,
  from: t.from,
  to: t.to,
  type: 'Transfer',
  value: t.value,
});

const blockId = (n: number): string => n.toString(16).padStart(16, '0') + 'f'.repeat(48);
