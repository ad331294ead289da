/**
 * POST /api/client-errors (issue #33): the app's errors counted in the metrics and logged without personal data, at
 * most CLIENT_ERRORS_PER_MINUTE per client address (on PostgreSQL counted across processes, like the global limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERRORS_PER_MINUTE, scrubPersonalData } from '../../server/modules/client-errors';
import { createTestApp, uniqueIp, type TestApp } from './harness';

let t: TestApp;
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
  // What the app logs, as pino writes it (the harness is otherwise silent).
  t.app.log.warn = ((obj: unknown, msg?: string) => logged.push(JSON.stringify({ obj, msg }))) as typeof t.app.log.warn;
});
afterAll(() => t.close());

const report = (ip: string, body: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/client-errors', payload: body, remoteAddress: ip });
const counted = async (kind: string): Promise<number> => {
  const text = (await t.call({ method: 'GET', url: '/api/metrics' })).body as string;
  return Number(new RegExp(`^client_errors_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
};

describe('browser error reports', () => {
  it('a report is accepted without a token, counted by kind, and logged with its personal data removed', async () => {
    const before = await counted('unhandledrejection');
    const answer = await report(uniqueIp(), {
      kind: 'unhandledrejection',
      message: 'Failed for ann@example.com with card 4111 1111 1111 1111 and token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      stack: 'Error: x\n    at https://wallet.example.com/assets/index-abc.js?tgWebAppData=secret#frag:1:2',
      route: '/cards/card_123',
      release: 'index-abc.js',
      platform: 'ios 8.0',
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true, data: { accepted: true } } });
    expect(await counted('unhandledrejection')).toBe(before + 1);
    const line = logged.find((entry) => entry.includes('error reported by the app'))!;
    expect(line).toContain('[email]');
    expect(line).toContain('[number]');
    expect(line).toContain('[jwt]');
    expect(line).toContain('https://wallet.example.com/assets/index-abc.js:1:2');
    expect(line).not.toMatch(/ann@example|4111|eyJhbGci|tgWebAppData|secret/);
  });

  it(`at most ${CLIENT_ERRORS_PER_MINUTE} a minute per client address, then 429 RATE_LIMITED with Retry-After; another address is not affected`, async () => {
    const ip = uniqueIp();
    const before = await counted('error');
    for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i++) expect((await report(ip, { kind: 'error', message: `boom ${i}` })).status).toBe(200);
    const refused = await report(ip, { kind: 'error', message: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await counted('error')).toBe(before + CLIENT_ERRORS_PER_MINUTE); // the refused one is not counted
    expect((await report(uniqueIp(), { kind: 'error', message: 'elsewhere' })).status).toBe(200);
  });

  it('a malformed report is refused in the envelope: unknown kind, empty message, a route with a query, extra fields', async () => {
    for (const body of [
      { kind: 'crash', message: 'x' },
      { kind: 'error', message: '' },
      { kind: 'error', message: 'x', route: '/wallet?token=abc' },
      { kind: 'error', message: 'x', userEmail: 'ann@example.com' },
    ]) {
      const answer = await report(uniqueIp(), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('scrubPersonalData keeps what helps (file, line, words) and drops what identifies', () => {
    expect(scrubPersonalData('TypeError: x is undefined at /assets/wallet-screen-1a2b.js:10:20')).toBe('TypeError: x is undefined at /assets/wallet-screen-1a2b.js:10:20');
    expect(scrubPersonalData('key 0123456789abcdef0123456789abcdef01 end')).toBe('key [token] end');
    expect(scrubPersonalData('phone +7 999 123 45 67 89 01')).toContain('[number]');
  });
});
