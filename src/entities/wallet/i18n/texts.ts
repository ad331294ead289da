import { defineTexts } from '@/shared/i18n';

/**
 * The words the wallet's money sheets share: why a wallet action failed (`failureReasons.<CODE>`, lib/failure-reason.ts)
 * and the money sheets' common fields, buttons and verification notices (`send.*`). Only the lazy sheets (and their
 * models) refer to them, never the Wallet's first paint (`npm run size`).
 */
export const walletEntityTexts = defineTexts('wallet-entity', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
