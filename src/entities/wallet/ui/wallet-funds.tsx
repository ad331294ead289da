import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { routePaths } from '@/shared/config';
import type { Currency, Money } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui';
import { shortfallOf } from '../lib/shortfall';
import { $available } from '../model/wallet';
import styles from './wallet-funds.module.css';

export interface WalletFundsProps {
  /** The currency paid from. */
  currency: Currency;
  /** What will be charged (null: nothing to compare yet). */
  total: Money | null;
}

/**
 * The wallet balance a payment is taken from and, when it is not enough, how much is missing and the way to top up
 * the wallet (before the user can confirm). Nothing until the wallet is loaded.
 */
export function WalletFunds({ currency, total }: WalletFundsProps) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  const available = useUnit($available);
  if (!available) return null;
  const balance = { amount: available[currency] ?? 0, currency };
  const shortfall = shortfallOf(available, total);
  return (
    <div className={styles.funds} data-testid="wallet-funds">
      <p className={styles.balance}>{t('walletFunds.balance', { amount: format.money(balance) })}</p>
      {shortfall && (
        <Alert
          tone="warning"
          title={t('walletFunds.shortTitle')}
          action={
            <Link className={styles.link} to={routePaths.wallet}>
              {t('walletFunds.topUp')}
            </Link>
          }
        >
          {t('walletFunds.shortText', { amount: format.money(shortfall) })}
        </Alert>
      )}
    </div>
  );
}
