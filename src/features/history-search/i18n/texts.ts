import { defineTexts } from '@/shared/i18n';

/**
 * The history search's words: the filters, and "Nothing found" when they narrow a history to nothing (the wallet's and a
 * card's). Only lazy code imports this (the tools' chunk, the card screen): not the Wallet's first paint (`npm run size`).
 */
export const historySearchTexts = defineTexts('history-search', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
