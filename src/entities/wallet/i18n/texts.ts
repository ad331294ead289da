import { defineTexts } from '@/shared/i18n';

/**
 * The words the wallet entity says and the money sheets share: why a wallet action failed (`failureReasons.<CODE>`,
 * lib/failure-reason.ts), the money sheets' common fields, buttons and verification notices (`send.*`), and whether the
 * wallet holds enough for a card payment (`balance`, `short*`, `topUp`: ui/wallet-funds.tsx). Only lazy parts (the
 * sheets, their models, the card flows) refer to them, never the Wallet's first paint (`npm run size`).
 */
export const walletEntityTexts = defineTexts('wallet-entity', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
