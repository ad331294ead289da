import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORT_ERROR_KEYS } from '@/shared/api';
import { CardStatus, CardTransactionType } from '@/shared/contract';
import { changeLanguage, i18n, initI18n } from '@/shared/i18n';
import { makeCard } from '../testing/fixtures';
import { CardFace } from './card-face';
import { CardFailureText } from './card-failure-text';
import { CardStatusBadge } from './card-status-badge';
import { CardTradeRow } from './history-rows';
import { describeCardFailure } from '../model/failure';
import { CARD_READ_FAILURES } from '../lib/card-failure';

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'card', 'transactions', 'errors']);
});
afterEach(cleanup);

describe('card UI pieces', () => {
  it('every SPEC §4 status, and the four of the end of life, has its own text in both languages', async () => {
    for (const lang of ['en', 'ru'] as const) {
      await changeLanguage(lang);
      await i18n.loadNamespaces(['cards']);
      const texts = CardStatus.options.map((status) => i18n.t(`cards:status.${status}`));
      expect(new Set(texts).size).toBe(CardStatus.options.length);
      expect(CardStatus.options).toHaveLength(11 + 4);
      for (const text of texts) expect(text).not.toMatch(/^status\./);
    }
    await changeLanguage('en');
  });

  it('every card transaction type (withdrawal too) has its text in both languages', async () => {
    for (const lang of ['en', 'ru'] as const) {
      await changeLanguage(lang);
      await i18n.loadNamespaces(['transactions']);
      for (const type of CardTransactionType.options) expect(i18n.exists(`transactions:cardTransaction.type.${type}`), `${lang}: ${type}`).toBe(true);
    }
    await changeLanguage('en');
  });

  it('the badge names the status', () => {
    render(<CardStatusBadge status="freezing" />);
    expect(screen.getByText('Freezing')).toBeTruthy();
  });

  it('a failure names the operation and the reason', () => {
    render(<CardFailureText message={CARD_READ_FAILURES.fetchCards} error={{ keys: [TRANSPORT_ERROR_KEYS.network], defaultValue: '' }} />);
    expect(screen.getByText('Failed to fetch cards. Network error occurred')).toBeTruthy();
    cleanup();
    render(<CardFailureText message="errors:cards.topUpFailed" error={{ keys: ['errors:general.error'], defaultValue: 'An error occurred' }} />);
    expect(screen.getByText('Failed to top up card')).toBeTruthy();
  });

  it('a declined purchase says why, in words, in both languages (never the raw code)', async () => {
    const trade = (declineReason: string | null) => ({
      id: 'trd_1',
      cardId: 'crd_1',
      kind: 'purchase' as const,
      merchant: { name: 'BIG TV STORE', mcc: null, country: null },
      amount: { amount: 50_00, currency: 'USD' as const },
      originalAmount: null,
      status: 'declined' as const,
      declineReason,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    render(<CardTradeRow trade={trade('INSUFFICIENT_FUNDS')} />);
    expect(screen.getByText('Not enough money on the card.', { exact: false })).toBeTruthy();
    cleanup();
    render(<CardTradeRow trade={trade('CARD_FROZEN')} />);
    expect(screen.getByText('The card is frozen.', { exact: false })).toBeTruthy();
    cleanup();
    render(<CardTradeRow trade={trade('SOMETHING_NEW')} />);
    expect(screen.queryByText(/SOMETHING_NEW/)).toBeNull();
    cleanup();
    await changeLanguage('ru');
    await i18n.loadNamespaces(['cards', 'card', 'transactions', 'errors']);
    try {
      render(<CardTradeRow trade={trade('CARD_FROZEN')} />);
      expect(screen.getByText('Карта заморожена.', { exact: false })).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('a purchase row with onOpen is a real button that opens its details (the purchases tab)', () => {
    const opened: string[] = [];
    const trade = {
      id: 'trd_9',
      cardId: 'crd_1',
      kind: 'purchase' as const,
      merchant: { name: 'LIMIT SHOP', mcc: null, country: null },
      amount: { amount: 60_00, currency: 'USD' as const },
      originalAmount: null,
      status: 'declined' as const,
      declineReason: 'OVER_PURCHASE_LIMIT',
      createdAt: '2025-01-02T03:04:05.000Z',
    };
    render(<CardTradeRow trade={trade} onOpen={() => opened.push(trade.id)} />);
    screen.getByRole('button', { name: /LIMIT SHOP/ }).click();
    expect(opened).toEqual(['trd_9']);
    cleanup();
    render(<CardTradeRow trade={trade} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a card failure with an issuer code has words for it, and never shows an unknown code', () => {
    expect(describeCardFailure({ message: CARD_READ_FAILURES.issue, reasonCode: 'ISSUER_UNAVAILABLE' }).description).toBe(
      'Failed to issue card. The card issuer did not answer. The money has been returned to your wallet.',
    );
    const unknown = describeCardFailure({ message: CARD_READ_FAILURES.issue, reasonCode: 'BRAND_NEW_CODE' }).description;
    expect(unknown).not.toContain('BRAND_NEW_CODE');
  });

  it('the card face is one image with a readable name', () => {
    render(<CardFace card={makeCard({ status: 'frozen', form: 'physical' })} />);
    expect(screen.getByRole('img', { name: 'Visa Virtual, Physical card •••• 4242, IVAN PETROV' })).toBeTruthy();
  });
});
