import { defineTexts } from '@/shared/i18n';

/** Whether the wallet holds enough for a card payment (named `wallet-funds`: `wallet` is the Wallet screen's shared namespace): they load with this slice's code. */
export const walletFundsTexts = defineTexts('wallet-funds', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
