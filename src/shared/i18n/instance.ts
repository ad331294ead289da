import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, SUPPORTED_LANGUAGES, type Language } from './config';
import { browserLanguages, detectLanguage, normalizeLanguage, readStoredLanguage, writeStoredLanguage } from './detect';
import { CORE_NAMESPACES, coreEnglishResources, localeBackend, otherFiles, prefetchLocaleFiles } from './resources';
import { loadSliceTextsAsDeclared } from './slice-texts';

/** The app's i18next instance (also registered with react-i18next for `useTranslation`). */
export const i18n: I18n = i18next.createInstance();

export interface InitI18nOptions {
  /** Telegram user's `language_code` (launch parameters), when the platform started. */
  telegramLanguageCode?: string | null;
  storage?: Storage;
  navigatorLanguages?: readonly string[];
  /** Namespaces to download alongside the core ones (the first screen's), without waiting for them. */
  prefetch?: readonly string[];
}

/**
 * Detects the language (localStorage → Telegram → browser → en), caches it and initialises i18next.
 * Resolves once the core namespaces are there in that language (English ships with the entry chunk;
 * another language is fetched first). If that download fails, the app starts in English.
 */
export async function initI18n(options: InitI18nOptions = {}): Promise<I18n> {
  const { language } = detectLanguage({
    stored: readStoredLanguage(options.storage),
    telegram: options.telegramLanguageCode,
    browser: options.navigatorLanguages ?? browserLanguages(),
  });
  writeStoredLanguage(language, options.storage);
  void prefetchLocaleFiles(language, options.prefetch ?? []);
  // The index of the other translation files (a small chunk): there before the first screen asks for one.
  otherFiles().catch(() => undefined);
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', syncDocumentLanguage);
    await i18n
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        resources: { [DEFAULT_LANGUAGE]: coreEnglishResources },
        // English core namespaces are bundled; everything else comes from the backend on first use.
        partialBundledLanguages: true,
        lng: language,
        // Russian has every key English has (locales.test.ts checks), so a Russian screen needs no English copy of
        // its namespaces: only the other (future) languages fall back to English.
        fallbackLng: { ru: [], default: [DEFAULT_LANGUAGE] },
        supportedLngs: [...SUPPORTED_LANGUAGES],
        ns: [...CORE_NAMESPACES],
        defaultNS: DEFAULT_NAMESPACE,
        fallbackNS: DEFAULT_NAMESPACE,
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
      });
    if (!hasCoreNamespaces(language)) await i18n.changeLanguage(DEFAULT_LANGUAGE);
    // A slice's own texts (defineTexts) are requested as its code arrives: those of the code already here now.
    loadSliceTextsAsDeclared((namespaces) => void loadNamespaces(namespaces));
  } else {
    await switchTo(language);
  }
  syncDocumentLanguage(i18n.language);
  return i18n;
}

function hasCoreNamespaces(language: Language): boolean {
  return CORE_NAMESPACES.every((ns) => i18n.hasResourceBundle(language, ns));
}

/** Switches language: i18next first fetches every namespace used so far in that language. */
async function switchTo(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Switches the language and persists the choice (it then wins over Telegram and the browser). */
export async function changeLanguage(language: Language, storage?: Storage): Promise<void> {
  writeStoredLanguage(language, storage);
  await switchTo(language);
}

/**
 * Fetches namespaces in the current language (and the English fallback) if they are not there yet.
 * Never rejects: a namespace that cannot be loaded falls back to English / the key.
 * Used by the router to load a screen's namespaces in parallel with its chunk.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length === 0 || !i18n.isInitialized) return;
  try {
    await i18n.loadNamespaces([...namespaces]);
  } catch {
    // i18next logs it; t() falls back.
  }
}

/**
 * Whether every one of `namespaces` is there for the current language (what react-i18next's `useTranslation` checks
 * before it suspends): a component using only these renders at once.
 */
export function namespacesLoaded(namespaces: readonly string[]): boolean {
  return i18n.isInitialized && namespaces.every((namespace) => i18n.hasLoadedNamespace(namespace));
}

/** Fetches namespaces in the background when the browser is idle (e.g. after the first screen). */
export function preloadNamespaces(namespaces: readonly string[]): void {
  const run = () => void loadNamespaces(namespaces);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
