export {
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  DEFAULT_NAMESPACE,
  SHARED_NAMESPACES,
  type Language,
} from './config';
export { detectLanguage, normalizeLanguage, type DetectionInput, type DetectionSource } from './detect';
export {
  i18n,
  initI18n,
  changeLanguage,
  currentLanguage,
  loadNamespaces,
  namespacesLoaded,
  preloadNamespaces,
  type InitI18nOptions,
} from './instance';
export { CORE_NAMESPACES, prefetchLocaleFiles } from './resources';
export { formatNumber, formatDate, formatDateTime, formatRelativeDay, warmFormatters } from './format';
export { useFormatters } from './use-formatters';
export { AmountsHiddenContext } from './amounts-hidden';
export { MoneyMessage, moneyMessage, type MoneyMessageProps } from './money-message';
export { useLanguage } from './use-language';
export { renderTagged } from './tagged-text';
/** Re-exported so slices depend on `@/shared/i18n`, not on react-i18next directly. */
export { useTranslation, Trans } from 'react-i18next';
