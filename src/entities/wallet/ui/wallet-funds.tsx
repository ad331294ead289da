import { useUnit } from 'effector-react';
import { routePaths } from '@/shared/config';
import type { Currency, Money } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, LinkButton } from '@/shared/ui';
import { $available } from '../model/wallet';
import { walletEntityTexts } from '../i18n/texts';

export interface WalletFundsProps {
  /** The currency paid from. */
  currency: Currency;
  /** What the wallet lacks for the charge: the paying feature's store made with `createShortfall` (null: enough). */
  shortfall: Money | null;
}

/**
 * The wallet balance a payment is taken from and, when it is not enough, how much is missing and the way to top up
 * the wallet (before the user can confirm). Nothing until the wallet is loaded. Texts: this entity's own (`wallet-entity`,
 * i18n/texts.ts: only the card screens pay from the wallet this way, so they load with them).
 */
export function WalletFunds({ currency, shortfall }: WalletFundsProps) {
  const { t } = useTranslation(walletEntityTexts.ns);
  const format = useFormatters();
  const available = useUnit($available);
  if (!available) return null;
  const balance = { amount: available[currency] ?? 0, currency };
  return (
    <div data-testid="wallet-funds">
      <p>{t('balance', { amount: format.money(balance) })}</p>
      {shortfall && (
        <Alert
          tone="warning"
          title={t('shortTitle')}
          action={
            <LinkButton variant="plain" size="m" to={routePaths.wallet}>
              {t('topUp')}
            </LinkButton>
          }
        >
          {t('shortText', { amount: format.money(shortfall) })}
        </Alert>
      )}
    </div>
  );
}
