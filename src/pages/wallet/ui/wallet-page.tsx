import { useUnit } from 'effector-react';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { exchangeOpened, ExchangeSheet } from '@/features/exchange-currency';
import { sbpTopUpOpened, SbpTopUpSheet } from '@/features/topup-sbp';
import { usdtTopUpOpened, UsdtTopUpSheet } from '@/features/topup-usdt';
import { useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { IconRefresh, Page } from '@/shared/ui';
import { TransactionHistory } from '@/widgets/transaction-history';
import { WalletBalance } from '@/widgets/wallet-balance';
import { parseWalletDeepLink, WALLET_LINK_PARAMS } from '../lib/deep-link';
import { $walletPageRefreshing, walletPageRefreshed } from '../model/wallet-page';
import { PULL_THRESHOLD, usePullToRefresh } from './use-pull-to-refresh';
import styles from './wallet-page.module.css';

/**
 * The account-state banner (SPEC §1) of the auth slices, as its own chunk: it shows only once the user's
 * profile has loaded, so its code loading alongside costs nothing visible and keeps the first screen light.
 */
const VerificationBanner = lazy(() => import('@/entities/user').then((m) => ({ default: m.VerificationBanner })));

/** Opens the sheet a link asks for (/wallet?topup=sbp&amount=…), once, then drops the parameters. */
function useWalletDeepLink() {
  const [search, setSearch] = useSearchParams();
  const [openUsdt, openSbp, openExchange] = useUnit([usdtTopUpOpened, sbpTopUpOpened, exchangeOpened]);
  useEffect(() => {
    const link = parseWalletDeepLink(search);
    if (!link) return;
    if (link.kind === 'usdt') openUsdt();
    else if (link.kind === 'sbp') openSbp({ amount: link.amount });
    else openExchange({ from: link.from });
    const next = new URLSearchParams(search);
    for (const name of WALLET_LINK_PARAMS) next.delete(name);
    setSearch(next, { replace: true });
  }, [search, setSearch, openUsdt, openSbp, openExchange]);
}

/** SPEC §2 /wallet: balances, recent transactions, USDT and SBP top-ups, currency exchange. */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  const [refreshing, refresh] = useUnit([$walletPageRefreshing, walletPageRefreshed]);
  const pull = usePullToRefresh(refresh);
  useWalletDeepLink();

  return (
    <Page
      safeArea={false}
      title={t('page.title')}
      headerEnd={
        <button type="button" className={styles.refresh} onClick={() => refresh()} aria-label={t('page.refresh')} aria-busy={refreshing || undefined}>
          <IconRefresh size={22} className={cn(refreshing && styles.spinning)} />
        </button>
      }
    >
      {(pull > 0 || refreshing) && (
        <div
          className={styles.pull}
          style={{ height: refreshing ? 32 : pull / 2 }}
          aria-hidden
          data-ready={pull >= PULL_THRESHOLD || undefined}
        >
          <IconRefresh size={20} className={cn(styles.pullIcon, refreshing && styles.spinning)} style={{ transform: refreshing ? undefined : `rotate(${pull * 4}deg)` }} />
        </div>
      )}
      <Suspense fallback={null}>
        <VerificationBanner />
      </Suspense>
      <WalletBalance />
      <TransactionHistory />
      <UsdtTopUpSheet />
      <SbpTopUpSheet />
      <ExchangeSheet />
    </Page>
  );
}
