import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import { navigateFx } from '@/shared/lib';
import { approvedTradeDetails, cardTopUpDetails, declinedTradeDetails, cardTransferDetails, declinedSbpDetails, exchangeDetails } from '../testing/fixtures';
import { $copiedId, copyFeedbackFx, copyIdFx, idCopyRequested } from './copy';
import { $detailsOpen, relatedCardPressed, transactionDetailsClosed, transactionDetailsOpened } from './details';
import { $details, $detailsError, $detailsState, detailsSheetMounted, LOAD_FAILED_KEY, transactionDetailsRetried } from './load';

const server = createFakeServer();
beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: 'https://api.test', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  await allSettled(apiDataReset, { scope: fork() });
});
afterEach(() => vi.unstubAllGlobals());

describe('transaction details model', () => {
  it('a wallet row opens the sheet and loads that transaction', async () => {
    server.on('GET', '/api/wallet/transactions/wtx_2', () => ok(cardTransferDetails()));
    const scope = fork();
    expect(scope.getState($detailsOpen)).toBe(false);
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'wallet', transactionId: 'wtx_2' } });
    expect(scope.getState($detailsOpen)).toBe(true);
    expect(server.calls.map((call) => call.path)).toEqual(['/api/wallet/transactions/wtx_2']);
    expect(scope.getState($detailsState)).toBe('success');
    expect(scope.getState($details)).toEqual({ kind: 'wallet', data: cardTransferDetails() });
  });

  it('a card row loads the card transaction; another row never shows the previous one meanwhile', async () => {
    server.on('GET', '/api/cards/crd_1/transactions/ctx_1', () => ok(cardTopUpDetails()));
    server.on('GET', '/api/wallet/transactions/wtx_6', () => ok(exchangeDetails()));
    const scope = fork();
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'card', cardId: 'crd_1', transactionId: 'ctx_1' } });
    expect(server.calls.at(-1)?.path).toBe('/api/cards/crd_1/transactions/ctx_1');
    expect(scope.getState($details)).toEqual({ kind: 'card', data: cardTopUpDetails() });

    await allSettled(transactionDetailsClosed, { scope });
    expect(scope.getState($detailsOpen)).toBe(false);
    expect(scope.getState($details)).toBeNull();

    // The wallet query answers the exchange; the card's cached answer is not the open transaction.
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'wallet', transactionId: 'wtx_6' } });
    expect(scope.getState($details)).toEqual({ kind: 'wallet', data: exchangeDetails() });
  });

  it('opening the same row again asks the server again (a pending transaction may have settled)', async () => {
    let answer = { ...declinedSbpDetails() };
    server.on('GET', '/api/wallet/transactions/sbp_9', () => ok(answer));
    const scope = fork();
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'wallet', transactionId: 'sbp_9' } });
    await allSettled(transactionDetailsClosed, { scope });
    answer = { ...answer, timeline: answer.timeline.slice(0, 3) };
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'wallet', transactionId: 'sbp_9' } });
    expect(server.calls).toHaveLength(2);
  });

  it('a failed load shows the error (404 in the envelope → its own words) and "Try again" asks again', async () => {
    let attempts = 0;
    server.on('GET', '/api/wallet/transactions/wtx_x', () => {
      attempts += 1;
      return attempts === 1 ? fail(404, { service: 'api', code: 'NOT_FOUND', message: 'No such transaction.' }) : ok({ ...cardTransferDetails(), transaction: { ...cardTransferDetails().transaction, id: 'wtx_x' } });
    });
    const scope = fork();
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'wallet', transactionId: 'wtx_x' } });
    expect(scope.getState($detailsState)).toBe('error');
    expect(scope.getState($detailsError)?.keys).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(scope.getState($details)).toBeNull();
    await allSettled(transactionDetailsRetried, { scope });
    expect(attempts).toBe(2);
    expect(scope.getState($detailsState)).toBe('success');
    expect(scope.getState($details)).toMatchObject({ kind: 'wallet', data: { transaction: { id: 'wtx_x' } } });
  });

  it('the load failure falls back to "Failed to load the transaction details" when the error has no words of its own', async () => {
    server.on('GET', '/api/wallet/transactions/wtx_y', () => ({ status: 404, json: 'nope' }));
    const scope = fork();
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'wallet', transactionId: 'wtx_y' } });
    expect(JSON.stringify(scope.getState($detailsError))).toContain(LOAD_FAILED_KEY);
  });

  it('copying an id: the clipboard gets it, the button says "Copied", a toast confirms', async () => {
    const copied: string[] = [];
    const feedback: unknown[] = [];
    const scope = fork({
      handlers: [
        [copyIdFx, ({ value }: { value: string }) => void copied.push(value)],
        [copyFeedbackFx, (result: unknown) => void feedback.push(result)],
      ],
    });
    await allSettled(idCopyRequested, { scope, params: { kind: 'order', value: 'TW-20250312-ABCD2345' } });
    expect(copied).toEqual(['TW-20250312-ABCD2345']);
    expect(scope.getState($copiedId)).toBe('order');
    expect(feedback).toEqual([{ ok: true, kind: 'order' }]);
  });

  it('a refused clipboard says "Failed to copy to clipboard" and marks nothing copied', async () => {
    const feedback: unknown[] = [];
    const scope = fork({
      handlers: [
        [copyIdFx, () => Promise.reject(new Error('denied'))],
        [copyFeedbackFx, (result: unknown) => void feedback.push(result)],
      ],
    });
    await allSettled(idCopyRequested, { scope, params: { kind: 'txHash', value: 'f00d' } });
    expect(scope.getState($copiedId)).toBeNull();
    expect(feedback).toEqual([{ ok: false, kind: 'txHash' }]);
  });

  it('the related card closes the sheet and opens the card screen', async () => {
    server.on('GET', '/api/wallet/transactions/wtx_2', () => ok(cardTransferDetails()));
    const went: unknown[] = [];
    const scope = fork({ handlers: [[navigateFx, (to: unknown) => void went.push(to)]] });
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'wallet', transactionId: 'wtx_2' } });
    await allSettled(relatedCardPressed, { scope, params: 'crd_1' });
    expect(scope.getState($detailsOpen)).toBe(false);
    expect(went).toEqual([{ to: '/cards/crd_1' }]);
  });

  it('mounting the sheet loads the open transaction once, if its opening came before the chunk (nothing loaded yet)', async () => {
    server.on('GET', '/api/wallet/transactions/wtx_2', () => ok(cardTransferDetails()));
    const scope = fork();
    await allSettled(detailsSheetMounted, { scope });
    expect(server.calls).toHaveLength(0); // nothing open
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'wallet', transactionId: 'wtx_2' } });
    expect(server.calls).toHaveLength(1);
    await allSettled(detailsSheetMounted, { scope });
    expect(server.calls).toHaveLength(1); // already there: no second request
  });

  it('a purchase row (purchases tab) opens the same sheet and loads that trade of that card', async () => {
    server.on('GET', '/api/cards/crd_1/trades/trd_2', () => ok(declinedTradeDetails()));
    const scope = fork();
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'trade', cardId: 'crd_1', tradeId: 'trd_2' } });
    expect(scope.getState($detailsOpen)).toBe(true);
    expect(server.calls.map((call) => call.path)).toEqual(['/api/cards/crd_1/trades/trd_2']);
    expect(scope.getState($detailsState)).toBe('success');
    expect(scope.getState($details)).toEqual({ kind: 'trade', data: declinedTradeDetails() });
  });

  it("another trade's cached answer is never shown for the open one; a failed trade load shows its error", async () => {
    server.on('GET', '/api/cards/crd_1/trades/trd_1', () => ok(approvedTradeDetails()));
    server.on('GET', '/api/cards/crd_1/trades/trd_x', () => fail(404, { service: 'api', code: 'NOT_FOUND', message: 'No such transaction.' }));
    const scope = fork();
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'trade', cardId: 'crd_1', tradeId: 'trd_1' } });
    expect(scope.getState($details)?.kind).toBe('trade');
    await allSettled(transactionDetailsOpened, { scope, params: { kind: 'trade', cardId: 'crd_1', tradeId: 'trd_x' } });
    expect(scope.getState($details)).toBeNull();
    expect(scope.getState($detailsState)).toBe('error');
    expect(scope.getState($detailsError)?.keys).toEqual(expect.arrayContaining([expect.any(String)]));
  });
});
