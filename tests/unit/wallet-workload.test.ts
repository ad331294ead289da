/**
 * The fault suite's simulated users (scripts/load/wallet-workload.ts): a server killed mid-call (a lost connection,
 * "socket hang up") never makes an operation throw, which would end the whole run with an unhandled rejection; calls
 * that may be sent again are sent again.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, LoadClient } from '../../scripts/load/http-client';
import { WalletWorkload, type LoadUser } from '../../scripts/load/wallet-workload';

const hangUp = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

/** A client answering `routes` (method + path → answers in turn; an Error is a lost connection), recording the calls. */
const fakeClient = (routes: Record<string, Array<Partial<Answer> | Error>>) => {
  const calls: string[] = [];
  const client = {
    request: async (_base: string, _client: number, method: string, path: string): Promise<Answer> => {
      const route = `${method} ${path.split('?')[0]}`;
      calls.push(route);
      const next = routes[route]?.shift();
      if (!next) throw new Error(`unexpected ${route}`);
      if (next instanceof Error) throw next;
      return { status: 200, body: null, ms: 1, ...next };
    },
    destroy: () => {},
  };
  return { client: client as unknown as LoadClient, calls };
};

const user = (): LoadUser => ({
  index: 1,
  email: 'load@example.com',
  token: 'token',
  tag: '01',
  balance: { USD: 100_000, RUB: 0 },
  cardIds: [],
  addressId: 'wad_1',
  acked: { exchanges: [], usdt: [], sbp: [], cards: [], topups: [], transfers: [], withdrawals: [] },
});

describe('simulated users when a server dies mid-call', () => {
  it('a withdrawal whose email-code request lost its connection ends that try without throwing', async () => {
    const { client, calls } = fakeClient({ 'POST /api/withdrawals/email-code': [hangUp()] });
    const workload = new WalletWorkload({ client, servers: () => ['http://127.0.0.1:1'] });
    Object.assign(workload, { withdrawalTerms: { usdtFee: { amount: 100, currency: 'USD' }, sbpFee: { amount: 100, currency: 'RUB' }, bankId: 'bank' } });
    const someone = user();
    await expect(workload.withdraw(someone)).resolves.toBeUndefined();
    expect(calls).toEqual(['POST /api/withdrawals/email-code']);
    expect(someone.acked.withdrawals).toEqual([]);
    expect([...workload.stats.outcomes.keys()]).toEqual(['withdrawalCode: network socket hang up']);
  });

  it('an SBP payment whose Pay lost its connection is paid again (the first decision counts) and awaited', async () => {
    const { client, calls } = fakeClient({
      'POST /api/wallet/sbp': [{ body: { data: { invoiceId: 'inv_1', paymentId: 'sbp_1' } } }],
      'POST /api/dev/sbp/invoices/inv_1/pay': [hangUp(), { body: { data: { status: 'paid' } } }],
    });
    const workload = new WalletWorkload({ client, servers: () => ['http://127.0.0.1:1'] });
    await expect(workload.sbpTopUp(user())).resolves.toBeUndefined();
    expect(calls).toEqual(['POST /api/wallet/sbp', 'POST /api/dev/sbp/invoices/inv_1/pay', 'POST /api/dev/sbp/invoices/inv_1/pay']);
    expect((workload as unknown as { pendingSbp: unknown[] }).pendingSbp).toHaveLength(1);
  });
});
