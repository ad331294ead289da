import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from './config';
import { startEarlyGets, takeEarlyResponse } from './early-replies';
import { sendHttp } from './http/send';
import { createFakeServer, ok } from './testing/fake-server';

const server = createFakeServer();
const get = (url: string, token: string) => ({ url, method: 'GET', headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });

describe('early GETs (boot sends them before the screen that needs them has loaded)', () => {
  beforeEach(() => {
    server.reset();
    vi.stubGlobal('fetch', server.fetch);
    server.on('GET', '/api/wallet', () => ok({ balances: [] }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('the transport takes the early reply of the same GET with the same token: one request, the same answer', async () => {
    startEarlyGets(['/api/wallet'], 'token-1');
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.headers.get('authorization')).toBe('Bearer token-1');
    const reply = await sendHttp(get('/api/wallet', 'token-1'));
    expect(reply).toMatchObject({ ok: true, status: 200, json: { success: true, data: { balances: [] } } });
    expect(server.calls).toHaveLength(1);
    // Taken once: the next GET is sent.
    await sendHttp(get('/api/wallet', 'token-1'));
    expect(server.calls).toHaveLength(2);
  });

  it('another token (refreshed meanwhile), another URL or another method is sent itself', async () => {
    startEarlyGets(['/api/wallet'], 'token-1');
    await sendHttp(get('/api/wallet', 'token-2'));
    expect(server.calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
    startEarlyGets(['/api/wallet'], 'token-1');
    await sendHttp({ ...get('/api/wallet', 'token-1'), method: 'POST' }).catch(() => undefined);
    expect(server.calls).toHaveLength(4);
    expect(takeEarlyResponse(get('/api/cards', 'token-1'), new AbortController().signal)).toBeUndefined();
  });

  it('a reply nobody asked for within the request timeout is dropped (its request aborted)', async () => {
    vi.useFakeTimers();
    server.on('GET', '/api/wallet', () => 'hang');
    startEarlyGets(['/api/wallet'], 'token-1');
    const signal = server.calls[0]!.signal!;
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    expect(signal.aborted).toBe(true);
    expect(takeEarlyResponse(get('/api/wallet', 'token-1'), new AbortController().signal)).toBeUndefined();
  });

  it('the taker aborting aborts the early request', async () => {
    server.on('GET', '/api/wallet', () => 'hang');
    startEarlyGets(['/api/wallet'], 'token-1');
    const caller = new AbortController();
    const reply = sendHttp({ ...get('/api/wallet', 'token-1'), signal: caller.signal });
    caller.abort();
    await expect(reply).rejects.toMatchObject({ kind: 'network', code: 'CANCELLED' });
    expect(server.calls[0]!.signal!.aborted).toBe(true);
  });
});
