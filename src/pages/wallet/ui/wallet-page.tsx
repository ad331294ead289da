import { useUnit } from 'effector-react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { cn, useAfterFirstScreen, usePageLifecycle } from '@/shared/lib';
import { IconRefresh, Page } from '@/shared/ui';
import { TransactionHistory } from '@/widgets/transaction-history';
import { WalletBalance } from '@/widgets/wallet-balance';
import { $walletPageRefreshing, walletPage, walletPageRefreshed } from '../model/wallet-page';
import { PULL_THRESHOLD, usePullToRefresh } from './use-pull-to-refresh';
import styles from './wallet-page.module.css';

/**
 * The account-state banner (SPEC §1) of the auth slices, as its own chunk: it shows only once the user's
 * profile has loaded, so its code (and the profile) are asked for once the first screen has painted: nothing of it
 * competes with the balances' first frame (issue #34).
 */
const VerificationBanner = lazy(() => import('@/entities/user').then((m) => ({ default: m.VerificationBanner })));
/**
 * The wallet actions' sheets (./wallet-sheets): a chunk asked for once the first screen has painted, like the banner:
 * fetched as the page renders it rode on the Wallet's first screen and its budget (a sheet opened before, by a deep
 * link, opens as its chunk arrives: lazySheetOpened).
 */
const WalletSheets = lazy(() => import('./wallet-sheets'));

/** SPEC §2 /wallet: balances, recent transactions, USDT and SBP top-ups, currency exchange. */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  const [refreshing, refresh] = useUnit([$walletPageRefreshing, walletPageRefreshed]);
  const pull = usePullToRefresh(refresh);
  // The query string carries the deep links (/wallet?topup=sbp&amount=…): the model opens their sheet.
  const { search } = useLocation();
  usePageLifecycle(walletPage, { search });
  const afterFirstScreen = useAfterFirstScreen();

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
      {afterFirstScreen && (
        <Suspense fallback={null}>
          <VerificationBanner />
        </Suspense>
      )}
      <WalletBalance />
      <TransactionHistory />
      {afterFirstScreen && (
        <Suspense fallback={null}>
          <WalletSheets />
        </Suspense>
      )}
    </Page>
  );
}
