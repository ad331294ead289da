import { defineTexts } from '@/shared/i18n';

/** The words of Settings → Devices (the sessions list, ending one or all others): they load with this slice's code. */
export const endSessionsTexts = defineTexts('end-sessions', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
