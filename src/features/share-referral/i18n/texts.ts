import { defineTexts } from '@/shared/i18n';

/** The share button's words ("Share in Telegram" / "Copy invite link", the copied toast; the invitation itself is the shared `invitation` namespace, which the bot says too): they load with this slice's code. */
export const shareReferralTexts = defineTexts('share-referral', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
