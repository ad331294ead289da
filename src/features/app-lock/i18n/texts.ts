import { defineTexts } from '@/shared/i18n';

/**
 * The app lock's words: the lock screen, its settings section, the biometry prompts. Only the slice's lazy chunks import
 * this (the lock screen, the settings section and their models), never its index (model/sync.ts runs on every start).
 */
export const appLockTexts = defineTexts('app-lock', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
