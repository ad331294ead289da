import { useGate, useUnit } from 'effector-react';
import { Suspense, useId, type ComponentType } from 'react';
import { exchangeOpened } from '@/features/exchange-currency';
import { requestMoneyOpened } from '@/features/request-money';
import { sendMoneyOpened } from '@/features/send-money';
import { withdrawOpened } from '@/features/withdraw-money';
import { HideBalancesButton } from '@/features/hide-balances';
import { sbpTopUpOpened } from '@/features/topup-sbp';
import { usdtTopUpOpened } from '@/features/topup-usdt';
import { $balances, $walletError, $walletState, walletRefetchRequested } from '@/entities/wallet';
import type { ErrorMessage } from '@/shared/api';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Amount, ErrorState, IconBolt, IconRequest, IconSend, IconSwap, IconTether, IconWithdraw, Skeleton, type ActionIconProps } from '@/shared/ui';
import { $estimatedTotal, WalletBalanceGate } from '../model/wallet-balance';
import styles from './wallet-balance.module.css';

export interface WalletBalanceProps {
  /** The wallet actions under the balances (top ups, exchange, send, request, withdraw). Default true. */
  actions?: boolean;
}


const ACTIONS: ReadonlyArray<{ key: 'usdt' | 'sbp' | 'exchange' | 'send' | 'request' | 'withdraw'; Icon: ComponentType<ActionIconProps> }> = [
  { key: 'usdt', Icon: IconTether },
  { key: 'sbp', Icon: IconBolt },
  { key: 'exchange', Icon: IconSwap },
  { key: 'send', Icon: IconSend },
  { key: 'request', Icon: IconRequest },
  { key: 'withdraw', Icon: IconWithdraw },
];

/**
 * The wallet could not be loaded. Its words are in `errors`, which is not on the wallet's first paint (bundle
 * budget): fetched now unless the idle preload has brought it already; a placeholder meanwhile.
 */
function WalletLoadError({ error, onRetry }: { error: ErrorMessage; onRetry: () => void }) {
  const { t } = useTranslation(['wallet', 'errors']);
  return <ErrorState title={t('errors:wallet.fetchWalletFailed')} message={t(error.keys, { defaultValue: error.defaultValue })} onRetry={onRetry} />;
}

/** SPEC §2 /wallet: the balance per currency (USD, RUB) in the UI language, and the wallet's actions. */
export function WalletBalance({ actions = true }: WalletBalanceProps) {
  useGate(WalletBalanceGate);
  const titleId = useId();
  const { t } = useTranslation('wallet');
  const format = useFormatters();
  const [state, error, balances, total, retry] = useUnit([$walletState, $walletError, $balances, $estimatedTotal, walletRefetchRequested]);
  const open = useUnit({ usdt: usdtTopUpOpened, sbp: sbpTopUpOpened, exchange: exchangeOpened, send: sendMoneyOpened, request: requestMoneyOpened, withdraw: withdrawOpened });

  if (balances.length === 0 && state === 'error' && error) {
    return (
      <Suspense fallback={<Skeleton height={160} radius={16} />}>
        <WalletLoadError error={error} onRetry={() => retry()} />
      </Suspense>
    );
  }

  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid="wallet-balance">
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {total ? t('balance.total') : t('balance.title')}
        </h2>
        <HideBalancesButton className={styles.eye} />
      </div>
      {balances.length === 0 ? (
        <div className={styles.loading} role="status" aria-label={t('common:status.loading')}>
          <Skeleton height={40} width="60%" radius={10} />
          <Skeleton height={56} radius={12} />
        </div>
      ) : (
        <>
          {total && (
            <p className={styles.total} data-testid="wallet-total">
              ≈ {format.money(total)}
            </p>
          )}
          <ul className={styles.balances}>
            {balances.map((balance) => (
              <li key={balance.currency} className={styles.balance} data-currency={balance.currency}>
                <span className={styles.currency}>
                  <span className={styles.code}>{balance.currency}</span>
                  <span className={styles.name}>{t(`balance.currency.${balance.currency}`)}</span>
                </span>
                <span className={styles.values}>
                  <Amount value={balance.available} size="l" />
                  {balance.held.amount > 0 && <span className={styles.held}>{t('balance.held', { amount: format.money(balance.held) })}</span>}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {actions && (
        <div className={styles.actions}>
          {ACTIONS.map(({ key, Icon }) => (
            <button key={key} type="button" className={styles.action} onClick={() => open[key]()}>
              <span className={styles.actionIcon}>
                <Icon size={24} />
              </span>
              <span className={styles.actionLabel}>{t(`actions.${key}`)}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
