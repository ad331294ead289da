/**
 * The `errors` namespace and this entity's texts (the USDT hold note, declared by the lazy ui/held-row.tsx) are not on the wallet's first paint
 * (docs/performance.md "Bundle budget"): a row that did not fail renders with `wallet` alone; a failed row shows at once without its
 * reason and says why as soon as `errors` has arrived (fetched by that row, or earlier by the idle preload); a
 * held USDT deposit likewise gets its note once its row's chunk has declared the entity's texts and they have loaded.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WalletTransaction } from '@/shared/contract';
import { i18n, initI18n } from '@/shared/i18n';
import { transactionsFixture } from '../testing/fixtures';
import { TransactionRow } from './transaction-row';

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['wallet']);
});
afterEach(cleanup);

describe('TransactionRow without the errors namespace', () => {
  it('a row that did not fail renders at once and does not ask for errors', () => {
    render(
      <Suspense fallback={<p>suspended</p>}>
        <TransactionRow transaction={transactionsFixture()[1]!} />
      </Suspense>,
    );
    expect(screen.queryByText('suspended')).toBeNull();
    expect(screen.getByText('Card top-up')).toBeTruthy();
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'transaction')).toBe(false);
  });

  it('a failed row shows at once (title, badge, no key), then its reason once errors has loaded', async () => {
    const transfer: WalletTransaction = { ...transactionsFixture()[1]!, status: 'failed', failureCode: 'ISSUER_DECLINED' };
    render(
      <Suspense fallback={<p>suspended</p>}>
        <TransactionRow transaction={transfer} />
      </Suspense>,
    );
    expect(screen.queryByText('suspended')).toBeNull();
    expect(screen.getByText('Card top-up')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/reasons\.|ISSUER_DECLINED/);
    expect(await screen.findByText(/The card issuer declined the request/)).toBeTruthy();
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(true);
  });

  it('a held USDT deposit shows at once (badge, amounts), then its note once the entity\'s texts have loaded', async () => {
    const deposit = transactionsFixture()[0] as Extract<WalletTransaction, { type: 'usdtDeposit' }>;
    const held: WalletTransaction = { ...deposit, status: 'pending', details: { ...deposit.details, usdtAmount: '75.120000', hold: { reason: 'no_tag' } } };
    render(
      <Suspense fallback={<p>suspended</p>}>
        <TransactionRow transaction={held} />
      </Suspense>,
    );
    expect(screen.queryByText('suspended')).toBeNull();
    expect(screen.getByText('Held for review')).toBeTruthy();
    expect(screen.queryByTestId('transaction-note')).toBeNull();
    expect((await screen.findByTestId('transaction-note')).textContent).toContain('no ID in its decimals');
  });
});
