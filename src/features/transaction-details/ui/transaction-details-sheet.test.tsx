/** The details sheet opened from a card's purchases tab: a declined purchase shows its merchant, reason and ids (en + ru). */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, ok } from '@/shared/api/index.testing';
import { changeLanguage, initI18n, loadNamespaces } from '@/shared/i18n';
import { declinedTradeDetails } from '../testing/fixtures';
import { transactionDetailsClosed, transactionDetailsOpened } from '../model/details';
import TransactionDetailsSheet from './transaction-details-sheet';

const server = createFakeServer();

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access', refreshToken: 'refresh' });
  await allSettled(apiDataReset, { scope: fork() });
  await initI18n({ navigatorLanguages: ['en-US'] });
  server.on('GET', '/api/cards/crd_1/trades/trd_2', () => ok(declinedTradeDetails()));
});
afterEach(async () => {
  act(() => transactionDetailsClosed());
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('TransactionDetailsSheet, a declined purchase', () => {
  test.each([
    ['en', 'Declined', "Reason: The purchase is over the card's per-purchase limit.", 'Purchase ID', 'Card ID'],
    ['ru', 'Отклонено', 'Причина: Покупка больше лимита карты на одну покупку.', 'ID покупки', 'ID карты'],
  ] as const)('%s: merchant, declined badge and timeline, the reason in words, trade and card ids, the card', async (lang, declined, reason, tradeId, cardId) => {
    await changeLanguage(lang);
    await loadNamespaces(['transaction-details', 'transaction', 'transactions', 'wallet', 'cards', 'errors']); // the sheet's, the entity's (declared by its import), the shared ones
    render(<TransactionDetailsSheet />);
    act(() => transactionDetailsOpened({ kind: 'trade', cardId: 'crd_1', tradeId: 'trd_2' }));
    const sheet = await screen.findByTestId('transaction-details');
    expect(within(sheet).getByText('LIMIT SHOP', { selector: 'p' })).toBeTruthy();
    expect(within(sheet).getByText(reason)).toBeTruthy();
    const timeline = within(sheet).getByTestId('details-timeline');
    expect(timeline.querySelector('[data-stage="failed"]')?.textContent).toContain(declined);
    expect(sheet.querySelector('[data-id-kind="trade"]')?.textContent).toContain(tradeId);
    expect(sheet.querySelector('[data-id-kind="trade"] code')?.textContent).toBe('trd_2');
    expect(sheet.querySelector('[data-id-kind="card"]')?.textContent).toContain(cardId);
    expect(within(sheet).getByText('Virtual Visa')).toBeTruthy();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/cards/crd_1/trades/trd_2']);
  });
});
