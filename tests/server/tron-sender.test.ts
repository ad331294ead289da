/**
 * The production TRON sender (server/adapters/tron/trongrid-sender.ts) against public test vectors and a fake
 * TronGrid node that decodes every broadcast transaction, recovers its signer from the signature and checks what it
 * would transfer: a transaction signed wrongly, for the wrong owner, token, recipient or amount is refused by it as
 * java-tron would. Also: broadcasting the same bytes twice is one transaction; the key never appears in a request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tronAddressBytes, tronAddressOf } from '@/shared/contract/tron-address';
import { signTronHash, TronGridSender, tronAddressOfKey } from '../../server/adapters/tron/trongrid-sender';
import { loadSection } from '../../server/config';
import { withdrawalsSection } from '../../server/config/withdrawals';

const KEY = '2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TO = 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX';

// ── a protobuf reader, enough for Transaction / raw / Contract / Any / TriggerSmartContract ──────
type Fields = Map<number, Array<bigint | Uint8Array>>;
const decode = (bytes: Uint8Array): Fields => {
  const fields: Fields = new Map();
  let i = 0;
  const varint = () => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = bytes[i++]!;
      result |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return result;
      shift += 7n;
    }
  };
  while (i < bytes.length) {
    const tag = Number(varint());
    const [number, wire] = [tag >> 3, tag & 7];
    let value: bigint | Uint8Array;
    if (wire === 0) value = varint();
    else if (wire === 2) {
      const length = Number(varint());
      value = bytes.slice(i, i + length);
      i += length;
    } else throw new Error(`wire type ${wire}`);
    fields.set(number, [...(fields.get(number) ?? []), value]);
  }
  return fields;
};
const one = (fields: Fields, n: number) => fields.get(n)?.[0];
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

interface Seen {
  txId: string;
  owner: string;
  contract: string;
  to: string;
  amount: bigint;
  feeLimit: bigint;
}

let server: Server;
let url = '';
const seen = new Map<string, Seen>();
const bodies: string[] = [];
let solid = new Set<string>();
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      bodies.push(raw);
      const body = raw ? JSON.parse(raw) : {};
      const send = (json: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url === '/wallet/getnowblock') {
        return send({ blockID: '0000000003e8a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a', block_header: { raw_data: { number: 65_577_394, timestamp: 1_764_300_000_000 } } });
      }
      if (req.url === '/wallet/broadcasthex') {
        const tx = decode(Buffer.from(body.transaction, 'hex'));
        const rawData = one(tx, 1) as Uint8Array;
        const signature = one(tx, 2) as Uint8Array;
        const txId = sha256(rawData);
        // Recover the signer (r ‖ s ‖ recovery id) and compare with the contract's owner, as java-tron does.
        const recovered = secp256k1.recoverPublicKey(Uint8Array.from([signature[64]!, ...signature.slice(0, 64)]), txId, { prehash: false });
        const signer = tronAddressOf(Uint8Array.from([0x41, ...keccak_256(secp256k1.Point.fromBytes(recovered).toBytes(false).slice(1)).slice(12)]));
        const rawFields = decode(rawData);
        const contract = decode(one(rawFields, 11) as Uint8Array);
        const any = decode(one(contract, 2) as Uint8Array);
        const trigger = decode(one(any, 2) as Uint8Array);
        const data = one(trigger, 4) as Uint8Array;
        const owner = tronAddressOf(one(trigger, 1) as Uint8Array);
        if (signer !== owner || one(contract, 1) !== 31n || new TextDecoder().decode(one(any, 1) as Uint8Array) !== 'type.googleapis.com/protocol.TriggerSmartContract') {
          return send({ result: false, code: 'SIGERROR' });
        }
        if (seen.has(hex(txId))) return send({ code: 'DUP_TRANSACTION_ERROR' });
        seen.set(hex(txId), {
          txId: hex(txId),
          owner,
          contract: tronAddressOf(one(trigger, 2) as Uint8Array),
          to: tronAddressOf(Uint8Array.from([0x41, ...data.slice(16, 36)])),
          amount: BigInt(`0x${hex(data.slice(36, 68))}`),
          feeLimit: one(rawFields, 18) as bigint,
        });
        expect(hex(data.slice(0, 4))).toBe('a9059cbb');
        return send({ result: true, txid: hex(txId) });
      }
      if (req.url === '/walletsolidity/gettransactioninfobyid') {
        return send(solid.has(body.value) ? { id: body.value, blockNumber: 65_577_400, receipt: { result: 'SUCCESS' } } : {});
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sender = () => new TronGridSender({ apiUrl: url, apiKey: 'test-key-123', privateKey: KEY, contractAddress: USDT, feeLimitSun: 30_000_000, expirationMs: 600_000, timeoutMs: 2000 });

describe('TRON signing primitives (public test vectors)', () => {
  it('derives the address of a key and signs a transaction id exactly as Trust Wallet Core does', () => {
    expect(tronAddressOfKey(KEY)).toBe('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC');
    expect(tronAddressOfKey('8d596057e510b14cbb9bf24f88803a6d6dbd138dd303a62b175b9e6cc0f3f941')).toBe('TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT');
    const signature = signTronHash(Buffer.from('546a3d07164c624809cf4e564a083a7a7974bb3c4eff6bb3e278b0ca21083fcb', 'hex'), KEY);
    expect(hex(signature)).toBe(
      '77f5eabde31e739d34a66914540f1756981dc7d782c9656f5e14e53b59a15371603a183aa12124adeee7991bf55acc8e488a6ca04fb393b1a8ac16610eeafdfc00',
    );
  });
});

describe('TronGridSender', () => {
  it('signs a USDT transfer the node accepts: the right signer, token, recipient, amount and fee limit', async () => {
    const s = sender();
    const signed = await s.sign({ to: TO, amountMicro: 123_450_000 });
    expect(signed.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.expiresAt.toISOString()).toBe(new Date(1_764_300_000_000 + 600_000).toISOString());
    await s.broadcast(signed);
    expect(seen.get(signed.txId)).toEqual({ txId: signed.txId, owner: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC', contract: USDT, to: TO, amount: 123_450_000n, feeLimit: 30_000_000n });
    // The same bytes again are the same transaction (DUP_TRANSACTION_ERROR is success).
    await s.broadcast(signed);
    expect([...seen.values()].filter((t) => t.to === TO)).toHaveLength(1);
    expect(await s.status(signed)).toEqual({ state: 'unknown' });
    solid = new Set([signed.txId]);
    expect(await s.status(signed)).toEqual({ state: 'confirmed', blockNumber: 65_577_400 });
    expect(tronAddressBytes(s.address)).not.toBeNull();
    // The key never leaves the process.
    for (const body of bodies) expect(body).not.toContain(KEY);
  });

  it('production refuses to start a TronGrid sender without its key; a malformed key is refused without echoing it', () => {
    expect(() => loadSection(withdrawalsSection, { TRON_SENDER_ADAPTER: 'trongrid' })).toThrow(/TRON_WITHDRAWAL_PRIVATE_KEY/);
    expect(() => loadSection(withdrawalsSection, { TRON_SENDER_ADAPTER: 'trongrid' }, { nodeEnv: 'production', sandbox: false, jwtSecret: '' })).toThrow(
      /TRON_WITHDRAWAL_PRIVATE_KEY is required/,
    );
    expect(() => loadSection(withdrawalsSection, { TRON_WITHDRAWAL_PRIVATE_KEY: 'zz'.repeat(32) })).toThrow(/must be a secp256k1 private key/);
    try {
      loadSection(withdrawalsSection, { TRON_WITHDRAWAL_PRIVATE_KEY: 'f'.repeat(64) });
    } catch (error) {
      expect(String(error)).not.toContain('f'.repeat(64));
    }
    expect(loadSection(withdrawalsSection, { TRON_SENDER_ADAPTER: 'trongrid', TRON_WITHDRAWAL_PRIVATE_KEY: KEY }).tronSender).toBe('trongrid');
  });
});
