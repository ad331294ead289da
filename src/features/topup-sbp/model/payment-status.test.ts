import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { fail, servePaymentStates, useWalletTestApi } from '@/entities/wallet/index.testing';
import type { SbpPayment } from '@/shared/contract';
import { $sbpPayment, $sbpPaymentNotFound, pollDelayFx, sbpPaymentWatchStarted, sbpPaymentWatchStopped } from './payment-status';

const server = useWalletTestApi();

const servePayment = (states: Array<Partial<SbpPayment>>) => servePaymentStates(server, states);

describe('SBP payment status (result pages)', () => {
  it('polls while pending, stops when settled, then reloads the wallet and the history once', async () => {
    servePayment([{ status: 'pending' }, { status: 'pending' }, { status: 'succeeded', transactionId: 'wtx_5' }]);
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id]] });
    await allSettled(sbpPaymentWatchStarted, { scope, params: 'sbp_1' });
    expect(server.callsTo('GET', '/api/wallet/sbp/sbp_1')).toHaveLength(3);
    expect(scope.getState($sbpPayment)?.status).toBe('succeeded');
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/wallet/transactions')).toHaveLength(1);
  });

  it('stops polling when the page is left', async () => {
    servePayment([{ status: 'pending' }]);
    let polls = 0;
    const scope = fork({
      handlers: [
        [
          pollDelayFx,
          async (id: string) => {
            // the user leaves during the second pause (launched, not awaited: this handler is part of the run)
            if (++polls === 2) void allSettled(sbpPaymentWatchStopped, { scope });
            return id;
          },
        ],
      ],
    });
    await allSettled(sbpPaymentWatchStarted, { scope, params: 'sbp_1' });
    expect(server.callsTo('GET', '/api/wallet/sbp/sbp_1')).toHaveLength(2);
    expect(scope.getState($sbpPayment)).toBeNull(); // not watched any more
  });

  it('an unknown payment (404) is "not found", and is not polled', async () => {
    server.on('GET', '/api/wallet/sbp/sbp_x', () => fail(404, { service: 'wallet', code: 'SBP_PAYMENT_NOT_FOUND', message: 'no' }));
    const scope = fork({ handlers: [[pollDelayFx, (id: string) => id]] });
    await allSettled(sbpPaymentWatchStarted, { scope, params: 'sbp_x' });
    expect(server.callsTo('GET', '/api/wallet/sbp/sbp_x')).toHaveLength(1);
    expect(scope.getState($sbpPaymentNotFound)).toBe(true);
  });

  it('opening the page again asks the server again (the cache may hold a pending copy)', async () => {
    servePayment([{ status: 'pending' }, { status: 'failed', errorCode: 'PAYMENT_DECLINED' }]);
    const scope = fork({ handlers: [[pollDelayFx, () => new Promise<string>(() => undefined)]] });
    void allSettled(sbpPaymentWatchStarted, { scope, params: 'sbp_1' });
    await new Promise((r) => setTimeout(r, 20));
    expect(scope.getState($sbpPayment)?.status).toBe('pending');
    const again = fork({ handlers: [[pollDelayFx, (id: string) => id]] });
    await allSettled(sbpPaymentWatchStarted, { scope: again, params: 'sbp_1' });
    expect(again.getState($sbpPayment)).toMatchObject({ status: 'failed', errorCode: 'PAYMENT_DECLINED' });
  });
});
