import { ExchangeSheet } from '@/features/exchange-currency';
import { RequestMoneySheet } from '@/features/request-money';
import { SendMoneySheet } from '@/features/send-money';
import { SbpTopUpSheet } from '@/features/topup-sbp';
import { UsdtTopUpSheet } from '@/features/topup-usdt';
import { WithdrawMoneySheet } from '@/features/withdraw-money';

/**
 * The wallet actions' sheets (top-ups, exchange, send, request, withdraw), mounted from a chunk of their own that
 * the page fetches as it renders. Each sheet is a lazy chunk already; what stays out of the wallet's first screen
 * (bundle budget) is their lazy wrappers and the names of every chunk they preload (~0.6 KB gzip, growing with each
 * sheet). Their open state lives on the page path (the wallet actions and deep links set it): a sheet opened before
 * this chunk arrived shows as soon as it does.
 */
export default function WalletSheets() {
  return (
    <>
      <UsdtTopUpSheet />
      <SbpTopUpSheet />
      <ExchangeSheet />
      <SendMoneySheet />
      <RequestMoneySheet />
      <WithdrawMoneySheet />
    </>
  );
}
