import { defineTexts } from '@/shared/i18n';

/** A delivery address's words (its fields, hints and problems), for the address fields and whoever shows an address. */
export const deliveryAddressTexts = defineTexts('delivery-address', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
