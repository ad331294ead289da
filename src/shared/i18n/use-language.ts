import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from './config';
import { normalizeLanguage } from './detect';
import { changeLanguage } from './instance';

/** Current language and a setter that persists the choice. */
export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  const set = useCallback((next: Language) => void changeLanguage(next), []);
  return [language, set];
}
