import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WalletTransaction } from '@/shared/contract';
import { AmountsHiddenContext, changeLanguage, i18n, initI18n } from '@/shared/i18n';
import { transactionsFixture } from '../testing/fixtures';
import { TransactionRow } from './transaction-row';

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['wallet', 'errors']);
});
afterEach(cleanup);

const TX_HASH = 'a'.repeat(64);
const held = (): WalletTransaction => {
  const deposit = transactionsFixture()[0] as Extract<WalletTransaction, { type: 'usdtDeposit' }>;
  return {
    ...deposit,
    id: 'udp_1',
    status: 'pending',
    amount: { amount: 75_12, currency: 'USD' },
    reference: TX_HASH,
    details: { ...deposit.details, txHash: TX_HASH, usdtAmount: '75.120000', hold: { reason: 'no_tag' } },
  };
};

describe('TransactionRow', () => {
  it('a credited USDT deposit shows the exact USDT received and the dollars credited', () => {
    render(<TransactionRow transaction={transactionsFixture()[0]!} />);
    expect(screen.getByText(/Received 100\.012345 USDT · credited \$100\.01/)).toBeTruthy();
  });

  it('a held USDT deposit says it is held and why, is not shown as money in (no sign, not green) and keeps its hash for the details (both languages)', async () => {
    render(<TransactionRow transaction={held()} />);
    expect(screen.getByText('Held for review')).toBeTruthy();
    expect(screen.queryByText('Pending')).toBeNull();
    const note = (await screen.findByTestId('transaction-note')).textContent!;
    expect(note).toContain('no ID in its decimals');
    expect(note).toContain('support');
    // The 64-character hash belongs to the details sheet (copy button), never inside the row.
    expect(document.body.textContent).not.toContain(TX_HASH);
    const amount = screen.getByTestId('transaction-amount').firstElementChild!;
    expect(amount.textContent).toBe('$75.12');
    expect(amount.className).not.toMatch(/positive/);
    cleanup();
    await changeLanguage('ru');
    await i18n.loadNamespaces(['wallet', 'errors']);
    try {
      render(<TransactionRow transaction={held()} />);
      expect(screen.getByText('На проверке')).toBeTruthy();
      expect((await screen.findByTestId('transaction-note')).textContent).toContain('для поддержки');
      expect(document.body.textContent).not.toContain(TX_HASH);
    } finally {
      await changeLanguage('en');
    }
  });

  it('a credit is green only once completed: a pending one is muted', () => {
    const deposit = transactionsFixture()[0]!;
    render(<TransactionRow transaction={deposit} />);
    expect(screen.getByTestId('transaction-amount').firstElementChild!.className).toMatch(/positive/);
    cleanup();
    render(<TransactionRow transaction={{ ...deposit, status: 'pending' } as WalletTransaction} />);
    const amount = screen.getByTestId('transaction-amount').firstElementChild!;
    expect(amount.textContent).toBe('+$100.01');
    expect(amount.className).not.toMatch(/positive/);
    expect(amount.className).toMatch(/unsettled/);
  });

  it('a failed row says why in words, never the code', () => {
    const transfer = { ...transactionsFixture()[1]!, status: 'failed' as const, failureCode: 'ISSUER_DECLINED' };
    render(<TransactionRow transaction={transfer} />);
    expect(screen.getByText(/The card issuer declined the request/)).toBeTruthy();
    expect(screen.queryByText(/ISSUER_DECLINED/)).toBeNull();
  });

  it('with onOpen the row is a real button that opens the details; without, it is not a button', () => {
    const onOpen = vi.fn();
    render(<TransactionRow transaction={transactionsFixture()[1]!} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: /Card top-up/ }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    cleanup();
    render(<TransactionRow transaction={transactionsFixture()[1]!} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a declined SBP attempt (no ledger transaction, id sbp_…) is marked "Declined" with the reason', () => {
    const sbp = transactionsFixture()[4] as Extract<WalletTransaction, { type: 'sbpTopup' }>;
    const declined: WalletTransaction = { ...sbp, id: 'sbp_1', status: 'failed', failureCode: 'PAYMENT_DECLINED' };
    render(<TransactionRow transaction={declined} />);
    expect(screen.getByText('Declined')).toBeTruthy();
    expect(screen.queryByText('Failed')).toBeNull();
    expect(screen.getByText(/The bank declined the payment/)).toBeTruthy();
  });
  it('hide balances: neither the USDT received nor the dollars credited are shown (credited and held rows)', () => {
    render(
      <AmountsHiddenContext.Provider value>
        <TransactionRow transaction={transactionsFixture()[0]!} />
        <TransactionRow transaction={held()} />
      </AmountsHiddenContext.Provider>,
    );
    const text = document.body.textContent!;
    expect(text).not.toMatch(/100[.,]01/);
    expect(text).not.toMatch(/75[.,]12/);
    expect(screen.getByText(/Received •••• USDT · credited \$••••/)).toBeTruthy();
    expect(screen.getByText(/Received •••• USDT · held for review/)).toBeTruthy();
  });
});
