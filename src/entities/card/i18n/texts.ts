import { defineTexts } from '@/shared/i18n';

/** What the card screens say about a card (its status hint and reason, form and scheme, the face's label, the amount problems, the words for its error codes; the status names are the shared `cards`, which the operator console says too): they load with this slice's code. */
export const cardTexts = defineTexts('card', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
