import { defineTexts } from '@/shared/i18n';

/** The words of Settings → "Notifications in Telegram" (a switch per kind, the bot's access): they load with this slice's code. */
export const notificationSettingsTexts = defineTexts('notification-settings', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
