import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, SUPPORTED_LANGUAGES, type Language } from './config';
import { browserLanguages, detectLanguage, normalizeLanguage, readStoredLanguage, writeStoredLanguage } from './detect';
import { englishResources, loadLanguageResources, namespaces } from './resources';

/** The app's i18next instance (also registered with react-i18next for `useTranslation`). */
export const i18n: I18n = i18next.createInstance();

export interface InitI18nOptions {
  /** Telegram user's `language_code` (launch parameters), when the platform started. */
  telegramLanguageCode?: string | null;
  storage?: Storage;
  navigatorLanguages?: readonly string[];
}

/** Detects the language (localStorage → Telegram → browser → en), caches it and initialises i18next. */
export async function initI18n(options: InitI18nOptions = {}): Promise<I18n> {
  const { language } = detectLanguage({
    stored: readStoredLanguage(options.storage),
    telegram: options.telegramLanguageCode,
    browser: options.navigatorLanguages ?? browserLanguages(),
  });
  writeStoredLanguage(language, options.storage);
  const initial = language === DEFAULT_LANGUAGE ? undefined : await loadLanguageResources(language).catch(() => undefined);
  if (!i18n.isInitialized) {
    if (initial) loaded.add(language);
    i18n.on('languageChanged', syncDocumentLanguage);
    await i18n.use(initReactI18next).init({
      resources: { [DEFAULT_LANGUAGE]: englishResources, ...(initial ? { [language]: initial } : {}) },
      lng: initial || language === DEFAULT_LANGUAGE ? language : DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: namespaces,
      defaultNS: DEFAULT_NAMESPACE,
      fallbackNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else {
    await switchTo(language);
  }
  syncDocumentLanguage(i18n.language);
  return i18n;
}

const loaded = new Set<string>([DEFAULT_LANGUAGE]);

/** Fetches the language's lazy chunk once, then switches. */
async function switchTo(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    const bundles = await loadLanguageResources(language);
    for (const [ns, data] of Object.entries(bundles)) i18n.addResourceBundle(language, ns, data, true, true);
    loaded.add(language);
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Switches the language and persists the choice (it then wins over Telegram and the browser). */
export async function changeLanguage(language: Language, storage?: Storage): Promise<void> {
  writeStoredLanguage(language, storage);
  await switchTo(language);
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
