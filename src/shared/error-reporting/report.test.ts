import { describe, expect, it, vi } from 'vitest';
import { buildReport, createErrorReporter, MAX_REPORTS } from './report';

describe('error reports', () => {
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
    const same = new Error('same');
    reporter.report('error', same);
    reporter.report('error', same);
    expect(send).toHaveBeenCalledTimes(1);
    for (let i = 0; i < MAX_REPORTS * 2; i++) reporter.report('error', new Error(`boom ${i}`));
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS);
    await Promise.resolve();
  });
});
