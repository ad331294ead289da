import { describe, expect, it } from 'vitest';
import { summarise } from '../../scripts/support/startup-pages';

/** A network log as Chromium's CDP gives it: starts in ms on its own clock (here offset by 10 s). */
const log = (requests: Array<{ url: string; start: number; bytes: number }>) =>
  new Map(requests.map((r, i) => [String(i), { url: `http://app${r.url}`, start: 10_000 + r.start, end: 10_000 + r.start + 5, bytes: r.bytes }]));

describe('summarise (npm run size, bench:startup)', () => {
  it('places each request by its start on the page clock, the one "usable" was taken on, not by the network log', () => {
    // On the network log's clock the chunk starts at 98, before "usable" at 100; on the page's clock it started at 101,
    // right after: it is not on the first screen's path.
    const network = log([
      { url: '/', start: 0, bytes: 1_024 },
      { url: '/assets/index.js', start: 20, bytes: 10_240 },
      { url: '/assets/native-look.js', start: 98, bytes: 2_048 },
    ]);
    const pageStarts = [
      { url: 'http://app/assets/index.js', start: 21 },
      { url: 'http://app/assets/native-look.js', start: 101 },
    ];
    const summary = summarise(network, 100, new Map(), pageStarts);
    expect(summary.fetched.map((f) => f.url)).toEqual(['/assets/index.js', '/']);
    expect(summary.wireKb).toBe(11);
  });

  it('the n-th request for a URL takes the n-th page entry for it; one without an entry keeps its network-log start', () => {
    const network = log([
      { url: '/', start: 0, bytes: 1_024 },
      { url: '/api/wallet', start: 30, bytes: 1_024 },
      { url: '/api/wallet', start: 90, bytes: 1_024 },
      { url: '/api/late', start: 150, bytes: 1_024 },
    ]);
    const pageStarts = [
      { url: 'http://app/api/wallet', start: 120 },
      { url: 'http://app/api/wallet', start: 31 },
    ];
    expect(summarise(network, 100, new Map(), pageStarts).requests).toBe(2); // the document and the first GET
  });
});
