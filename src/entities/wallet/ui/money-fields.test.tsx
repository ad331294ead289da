import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSFER_NOTE_MAX_LENGTH } from '@/shared/contract';
import { i18n, initI18n } from '@/shared/i18n';
import { walletEntityTexts } from '../i18n/texts';
import { MoneyFields, type MoneyFieldsProps } from './money-fields';

const props = (overrides: Partial<MoneyFieldsProps> = {}): MoneyFieldsProps => ({
  currency: 'USD',
  onCurrencyChange: vi.fn(),
  amount: { label: 'Amount, USD', name: 'sendAmount', text: '', hint: 'Up to $500.00' },
  onAmountChange: vi.fn(),
  onSubmit: vi.fn(),
  note: { name: 'note', text: '' },
  onNoteChange: vi.fn(),
  ...overrides,
});

describe('MoneyFields (the send and request sheets’ currency, amount and note)', () => {
  beforeAll(async () => {
    await initI18n({ navigatorLanguages: ['en'] });
    await i18n.loadNamespaces(walletEntityTexts.ns);
  });
  afterEach(cleanup);

  it('switches the currency, types the amount (Enter goes on) and a note no longer than the contract allows', () => {
    const given = props();
    render(<MoneyFields {...given} />);
    fireEvent.click(screen.getByRole('radio', { name: 'RUB' }));
    expect(given.onCurrencyChange).toHaveBeenCalledWith('RUB');
    const amount = screen.getByRole('textbox', { name: 'Amount, USD' });
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('Up to $500.00')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.50' } });
    expect(given.onAmountChange).toHaveBeenCalledWith('12.50');
    fireEvent.keyDown(amount, { key: 'Enter' });
    expect(given.onSubmit).toHaveBeenCalledTimes(1);
    const note = screen.getByRole('textbox', { name: 'Note (optional)' });
    expect(note.getAttribute('maxlength')).toBe(String(TRANSFER_NOTE_MAX_LENGTH));
    fireEvent.change(note, { target: { value: 'Concert tickets' } });
    expect(given.onNoteChange).toHaveBeenCalledWith('Concert tickets');
  });

  it('shows the amount’s error and says its labels in Russian', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces(walletEntityTexts.ns);
    try {
      render(<MoneyFields {...props({ currency: 'RUB', amount: { label: 'Сумма, RUB', name: 'requestAmount', text: '0', error: 'Введите сумму' } })} />);
      expect(screen.getByRole('radiogroup', { name: 'Валюта' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: 'RUB' }).getAttribute('aria-checked')).toBe('true');
      expect(screen.getByText('Введите сумму')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Сообщение (необязательно)' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
