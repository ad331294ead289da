import { defineTexts } from '@/shared/i18n';

/** The words of moving a card's money back to the wallet: they load with this slice's code. */
export const cardWithdrawTexts = defineTexts('card-withdraw', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
