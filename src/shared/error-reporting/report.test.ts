import { describe, expect, it, vi } from 'vitest';
import { ClientErrorReport, clientErrorsReport } from '@/shared/contract';
import { buildReport, CLIENT_ERRORS_ENDPOINT, createErrorReporter, MAX_REPORTS } from './report';

describe('error reports', () => {
  it('call the contract\'s endpoint, and every report they build is one the contract accepts, however long or odd the error', () => {
    expect(CLIENT_ERRORS_ENDPOINT).toEqual({ method: clientErrorsReport.method, path: clientErrorsReport.path });
    const odd = [new Error('x'.repeat(20_000)), 'y'.repeat(5_000), { nested: { deep: true } }, null, undefined, 42, new Error(''), Object.assign(new Error('nul\u0000'), { stack: 's\u0000'.repeat(9_000) })];
    for (const error of odd) {
      for (const pathname of ['/', '/cards/abc?x=1#y', 'not a path', '/' + 'p'.repeat(500)]) {
        const report = buildReport('render', error, { pathname, release: 'r'.repeat(300) });
        expect(ClientErrorReport.safeParse(report).success, JSON.stringify(report).slice(0, 200)).toBe(true);
      }
    }
  });

  it('a report carries the message, the stack and the route without its query or fragment, within the contract limits', () => {
    const error = new TypeError('x is undefined');
    const report = buildReport('error', error, { pathname: '/cards/c1?token=abc#frag', release: 'index-abc.js' });
    expect(report).toMatchObject({ kind: 'error', message: 'x is undefined', route: '/cards/c1', release: 'index-abc.js' });
    expect(report?.stack).toContain('TypeError: x is undefined');
    const long = buildReport('unhandledrejection', 'y'.repeat(5_000), { pathname: '/' });
    expect(long?.message).toHaveLength(1_000);
    expect(buildReport('unhandledrejection', { code: 42 }, { pathname: '/' })?.message).toBe('{"code":42}');
    expect(buildReport('error', new Error(''), { pathname: '/' })?.message).toBe('Error');
  });

  it('each distinct error is sent once, at most MAX_REPORTS a page; a failed send is swallowed', async () => {
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    const reporter = createErrorReporter(send, () => ({ pathname: '/wallet' }));
    reporter.report('error', new Error('same'));
    reporter.report('error', new Error('same')); // another stack, the same error: once
    expect(send).toHaveBeenCalledTimes(1);
    for (let i = 0; i < MAX_REPORTS * 2; i++) reporter.report('error', new Error(`boom ${i}`));
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS);
    await Promise.resolve();
  });
});
