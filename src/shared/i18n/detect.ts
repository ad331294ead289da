import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type Language } from './config';

/** Maps "ru", "ru-RU", "RU_ru" to a supported language; anything else to null. */
export function normalizeLanguage(code: string | null | undefined): Language | null {
  if (!code) return null;
  const base = code.trim().toLowerCase().split(/[-_]/, 1)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

export interface DetectionInput {
  /** Value stored under LANGUAGE_STORAGE_KEY (an explicit choice or an earlier detection). */
  stored?: string | null;
  /** `language_code` of the Telegram user from the launch parameters. */
  telegram?: string | null;
  /** `navigator.languages` (most preferred first). */
  browser?: readonly string[] | null;
}

export type DetectionSource = 'storage' | 'telegram' | 'browser' | 'default';

/** Detection order (SPEC §1 + Telegram): localStorage → Telegram user language → browser → English. */
export function detectLanguage(input: DetectionInput): { language: Language; source: DetectionSource } {
  const stored = normalizeLanguage(input.stored);
  if (stored) return { language: stored, source: 'storage' };
  const telegram = normalizeLanguage(input.telegram);
  if (telegram) return { language: telegram, source: 'telegram' };
  for (const code of input.browser ?? []) {
    const browser = normalizeLanguage(code);
    if (browser) return { language: browser, source: 'browser' };
  }
  return { language: DEFAULT_LANGUAGE, source: 'default' };
}

/** localStorage can throw (privacy modes, sandboxed iframes): treat that as "nothing stored". */
export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredLanguage(language: Language, storage: Pick<Storage, 'setItem'> | undefined = safeStorage()): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted; the language still applies for this session.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
