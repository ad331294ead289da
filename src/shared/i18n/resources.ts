import type { ResourceLanguage } from 'i18next';
import type { Language } from './config';
import en from './bundles/en';

type LocaleFiles = Record<string, Record<string, unknown>>;

/**
 * Every `locales/<lang>/<namespace>.json` becomes namespace `<namespace>` of `<lang>`: a team adds a
 * namespace by adding the two files (en + ru), nothing to register. English (the fallback) ships with the
 * entry chunk; every other language is one lazy chunk (bundles/<lang>.ts, an eager glob of its folder),
 * so the first screen carries one language, not all of them.
 */
const loaders: Record<Language, () => Promise<LocaleFiles>> = {
  en: async () => en,
  ru: () => import('./bundles/ru').then((m) => m.default),
};

/** `{ '../locales/en/common.json': {...} }` → `{ common: {...} }`. */
export function toNamespaces(files: LocaleFiles): ResourceLanguage {
  const namespaces: ResourceLanguage = {};
  for (const [path, data] of Object.entries(files)) {
    const ns = /\/([^/]+)\.json$/.exec(path)?.[1];
    if (ns) namespaces[ns] = data as ResourceLanguage[string];
  }
  return namespaces;
}

export const englishResources: ResourceLanguage = toNamespaces(en);
/** Namespaces known at build time (English is the reference set). */
export const namespaces: string[] = Object.keys(englishResources).sort();

export async function loadLanguageResources(language: Language): Promise<ResourceLanguage> {
  return toNamespaces(await loaders[language]());
}
