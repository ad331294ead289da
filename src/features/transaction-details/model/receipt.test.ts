import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { useTransactionTestApi } from '@/entities/transaction/index.testing';
import { ok } from '@/shared/api/index.testing';
import { transactionDetailsOpened } from './details';
import { $receiptStatus, downloadReceiptFx, receiptDownloadPressed, receiptSharePressed, shareReceiptFx } from './receipt';

const server = useTransactionTestApi();
const link = { path: '/api/receipts/download/' + 'b'.repeat(43), fileName: 'receipt-wtx_1.pdf', expiresAt: '2030-06-01T00:00:00.000Z' };

describe('receipt of the open transaction', () => {
  it('"Download receipt" asks for the open transaction\'s link in the app\'s language, then downloads it', async () => {
    server.on('POST', '/api/receipts/links', () => ok(link));
    server.on('GET', '/api/cards/crd_1/trades/trd_1', () => ok(null));
    const download = vi.fn(async () => 'browser' as const);
    const scope = fork({ handlers: [[downloadReceiptFx, download]] });
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'trade', cardId: 'crd_1', tradeId: 'trd_1' } });
    await allSettled(receiptDownloadPressed, { scope });
    const body = server.callsTo('POST', '/api/receipts/links')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ target: { kind: 'trade', cardId: 'crd_1', tradeId: 'trd_1' }, language: 'en' });
    expect(download).toHaveBeenCalledWith(link);
    expect(scope.getState($receiptStatus)).toBe('browser');
  });

  it('nothing is asked with no transaction open', async () => {
    const scope = fork();
    await allSettled(receiptDownloadPressed, { scope });
    expect(server.callsTo('POST', '/api/receipts/links')).toHaveLength(0);
  });

  it('"Share" hands the text receipt on', async () => {
    const share = vi.fn(async () => 'shared' as const);
    const scope = fork({ handlers: [[shareReceiptFx, share]] });
    await allSettled(receiptSharePressed, { scope, params: { title: 'Card top-up', text: 'Receipt: Card top-up\n−$10.00' } });
    expect(share).toHaveBeenCalledWith({ title: 'Card top-up', text: 'Receipt: Card top-up\n−$10.00' });
  });
});
