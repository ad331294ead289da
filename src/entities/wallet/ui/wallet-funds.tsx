import { useUnit } from 'effector-react';
import { routePaths } from '@/shared/config';
import type { Currency, Money } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, LinkButton } from '@/shared/ui';
import { $available } from '../model/wallet';

export interface WalletFundsProps {
  /** The currency paid from. */
  currency: Currency;
  /** What the wallet lacks for the charge: the paying feature's store made with `createShortfall` (null: enough). */
  shortfall: Money | null;
}

/**
 * The wallet balance a payment is taken from and, when it is not enough, how much is missing and the way to top up
 * the wallet (before the user can confirm). Nothing until the wallet is loaded. Texts: `cards:walletFunds` (only the
 * card screens pay from the wallet this way; keeps them out of the core namespace).
 */
export function WalletFunds({ currency, shortfall }: WalletFundsProps) {
  const { t } = useTranslation('cards');
  const format = useFormatters();
  const available = useUnit($available);
  if (!available) return null;
  const balance = { amount: available[currency] ?? 0, currency };
  return (
    <div data-testid="wallet-funds">
      <p>{t('walletFunds.balance', { amount: format.money(balance) })}</p>
      {shortfall && (
        <Alert
          tone="warning"
          title={t('walletFunds.shortTitle')}
          action={
            <LinkButton variant="plain" size="m" to={routePaths.wallet}>
              {t('walletFunds.topUp')}
            </LinkButton>
          }
        >
          {t('walletFunds.shortText', { amount: format.money(shortfall) })}
        </Alert>
      )}
    </div>
  );
}
