import { defineTexts } from '@/shared/i18n';

/** Why a USDT deposit is held (the row's note, the details sheet's marker). Declared only where a held deposit shows (ui/held-row.tsx, a lazy chunk), never on the wallet's first paint: they load with this slice's code. */
export const transactionTexts = defineTexts('transaction', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
