export { SUPPORTED_LANGUAGES, LANGUAGE_STORAGE_KEY, SHARED_NAMESPACES, type Language } from './config';
export { normalizeLanguage } from './detect';
export {
  i18n,
  initI18n,
  changeLanguage,
  currentLanguage,
  loadNamespaces,
  namespacesLoaded,
  preloadNamespaces,
} from './instance';
export { CORE_NAMESPACES, prefetchLocaleFiles } from './resources';
export { defineTexts, sliceNamespaces } from './slice-texts';
export { documentLocale } from './document-locale';
export { formatDateTime, warmFormatters } from './format';
export { useFormatters } from './use-formatters';
export { AmountsHiddenContext } from './amounts-hidden';
export { moneyMessage } from './money-message';
export { useLanguage } from './use-language';
export { renderTagged } from './tagged-text';
/** Re-exported so slices depend on `@/shared/i18n`, not on react-i18next directly. */
export { useTranslation } from 'react-i18next';
