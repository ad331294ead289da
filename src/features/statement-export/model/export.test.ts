import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { useTransactionTestApi } from '@/entities/transaction/index.testing';
import { fail, ok } from '@/shared/api/index.testing';
import {
  $exportError,
  $exportStatus,
  currencyChanged,
  downloadFx,
  exportRequested,
  firstDayChanged,
  formatChanged,
  lastDayChanged,
} from './export';

const server = useTransactionTestApi();
const link = { path: '/api/statements/download/' + 'a'.repeat(43), fileName: 'statement-wallet-RUB-2030-05-01-2030-05-31.csv', expiresAt: '2030-06-01T00:00:00.000Z' };

describe('statement export', () => {
  it('asks for a link for whole local days of the chosen currency, then downloads it from the API origin', async () => {
    server.on('POST', '/api/statements/links', () => ok(link));
    const download = vi.fn(async () => 'browser' as const);
    const scope = fork({ handlers: [[downloadFx, download]] });
    await allSettled(firstDayChanged, { scope, params: '2030-05-01' });
    await allSettled(lastDayChanged, { scope, params: '2030-05-31' });
    await allSettled(currencyChanged, { scope, params: 'RUB' });
    await allSettled(exportRequested, { scope, params: { kind: 'wallet' } });
    const body = server.callsTo('POST', '/api/statements/links')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ currency: 'RUB', from: new Date(2030, 4, 1).toISOString(), to: new Date(2030, 5, 1).toISOString(), format: 'csv', language: 'en' });
    expect(typeof body.timeZone).toBe('string');
    expect(download).toHaveBeenCalledWith(link);
    expect(scope.getState($exportStatus)).toBe('browser');
  });

  it('a PDF: the format is sent with the statement\'s language', async () => {
    server.on('POST', '/api/statements/links', () => ok({ ...link, fileName: 'statement.pdf' }));
    const scope = fork({ handlers: [[downloadFx, async () => 'browser' as const]] });
    await allSettled(firstDayChanged, { scope, params: '2030-05-01' });
    await allSettled(lastDayChanged, { scope, params: '2030-05-02' });
    await allSettled(formatChanged, { scope, params: 'pdf' });
    await allSettled(exportRequested, { scope, params: { kind: 'wallet' } });
    expect(server.callsTo('POST', '/api/statements/links')[0]!.body).toMatchObject({ format: 'pdf', language: 'en' });
  });

  it('a card statement names the card, not a currency', async () => {
    server.on('POST', '/api/statements/links', () => ok(link));
    const scope = fork({ handlers: [[downloadFx, async () => 'telegram' as const]] });
    await allSettled(firstDayChanged, { scope, params: '2030-05-01' });
    await allSettled(lastDayChanged, { scope, params: '2030-05-02' });
    await allSettled(exportRequested, { scope, params: { kind: 'card', cardId: 'crd_1' } });
    const body = server.callsTo('POST', '/api/statements/links')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ cardId: 'crd_1' });
    expect(body.currency).toBeUndefined();
    expect(scope.getState($exportStatus)).toBe('telegram');
  });

  it('a reversed or over-long range asks nothing of the server', async () => {
    const scope = fork();
    await allSettled(firstDayChanged, { scope, params: '2030-05-02' });
    await allSettled(lastDayChanged, { scope, params: '2030-05-01' });
    await allSettled(exportRequested, { scope, params: { kind: 'wallet' } });
    expect(scope.getState($exportStatus)).toBe('invalidRange');
    await allSettled(firstDayChanged, { scope, params: '2028-01-01' });
    await allSettled(exportRequested, { scope, params: { kind: 'wallet' } });
    expect(scope.getState($exportStatus)).toBe('invalidRange');
    expect(server.callsTo('POST', '/api/statements/links')).toHaveLength(0);
  });

  it('a refused link shows the server code in words', async () => {
    server.on('POST', '/api/statements/links', () => fail(404, { service: 'cards', code: 'CARD_NOT_FOUND', message: 'No card with this id.' }));
    const scope = fork();
    await allSettled(firstDayChanged, { scope, params: '2030-05-01' });
    await allSettled(lastDayChanged, { scope, params: '2030-05-02' });
    await allSettled(exportRequested, { scope, params: { kind: 'card', cardId: 'crd_x' } });
    expect(scope.getState($exportStatus)).toBe('failed');
    expect(scope.getState($exportError)?.keys[0]).toBe('error-codes:CARD_NOT_FOUND');
  });
});
