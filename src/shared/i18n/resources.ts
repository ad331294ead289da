import type { BackendModule, ResourceLanguage } from 'i18next';
import { normalizeLanguage, readStoredLanguage } from './detect';
import { sliceTextsLoader } from './slice-texts';

type LocaleFiles = Record<string, Record<string, unknown>>;

/**
 * Every `locales/<lang>/<namespace>.json` is namespace `<namespace>` of `<lang>`: a team adds a namespace by
 * adding the two files (en + ru), nothing to register. How they reach the browser (docs/frontend.md "i18n"):
 *
 *  - CORE namespaces — the ones the app frame and the first screen need (`common`: boot, recovery and shared
 *    UI texts; `shell`: app shell and toasts; `welcome`: the first screen) — ship in English with the entry
 *    chunk, so the first screen renders without waiting for a translation file. In another language they
 *    are one chunk (core/<lang>.ts), fetched by initI18n() before the first render.
 *  - Every other file is its own small lazy chunk, fetched by i18next's backend the first time a namespace
 *    is used in a language: `useTranslation('wallet')` suspends until it is there (the screen skeleton
 *    shows meanwhile), and a route entry's `namespaces` fetches it in parallel with the page chunk
 *    (src/app/router/screens.ts). Their loaders are in locale-files.ts (a map of lazy imports, its own small chunk).
 *
 * Changing the core set changes what every first screen downloads: `npm run size` checks the budget.
 */
const CORE_FILES: LocaleFiles = import.meta.glob<Record<string, unknown>>('./locales/en/{common,shell,welcome}.json', {
  eager: true,
  import: 'default',
});

/**
 * Core namespaces in another language: ONE lazy chunk per language (core/<lang>.ts), fetched by
 * initI18n() before the first render. A new language adds its core/<lang>.ts (a unit test checks).
 */
const CORE_BUNDLES = import.meta.glob<{ default: LocaleFiles }>('./core/*.ts');

type Loader = () => Promise<{ default: Record<string, unknown> }>;

/**
 * The loaders of the home screen's translation files (`wallet`: a signed-in user opens the Wallet at `/`) ship in the
 * entry (~0.1 KB), so the first screen's texts are requested by the entry itself, not after the loader map below
 * (the request chain is / → entry → file: docs/performance.md "Start-up").
 */
const ENTRY_FILES: Record<string, Loader> = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/wallet.json');

let otherFilesMap: Promise<Record<string, Loader>> | undefined;
/**
 * The loaders of every other file: a small lazy chunk of its own (locale-files.ts, ~1 KB gzip), not in the entry (the
 * Welcome needs none of them: `npm run size`). Requested once; initI18n() starts it at boot, in parallel with the core
 * files and the first screen's chunk, so a screen's translation files are not a round trip behind an index file.
 */
export function otherFiles(): Promise<Record<string, Loader>> {
  otherFilesMap ??= import('./locale-files').then(
    (module) => module.LOCALE_FILES,
    (error: unknown) => {
      otherFilesMap = undefined; // a failed download is tried again on the next use
      throw error;
    },
  );
  return otherFilesMap;
}

/** `{ './locales/en/common.json': {...} }` → `{ common: {...} }`. */
export function toNamespaces(files: LocaleFiles): ResourceLanguage {
  const namespaces: ResourceLanguage = {};
  for (const [path, data] of Object.entries(files)) {
    const ns = /\/([^/]+)\.json$/.exec(path)?.[1];
    if (ns) namespaces[ns] = data as ResourceLanguage[string];
  }
  return namespaces;
}

/** English copies of the core namespaces (in the entry chunk). */
export const coreEnglishResources: ResourceLanguage = toNamespaces(CORE_FILES);
/** Namespaces loaded at start in the user's language (before the first render). */
export const CORE_NAMESPACES: readonly string[] = Object.keys(coreEnglishResources).sort();

const fileKey = (language: string, namespace: string) => `./locales/${language}/${namespace}.json`;

async function loaderOf(language: string, namespace: string): Promise<Loader | undefined> {
  const ofSlice = sliceTextsLoader(language, namespace);
  if (ofSlice) return ofSlice;
  const coreBundle = CORE_NAMESPACES.includes(namespace) ? CORE_BUNDLES[`./core/${language}.ts`] : undefined;
  if (coreBundle) {
    return async () => {
      const data = toNamespaces((await coreBundle()).default)[namespace];
      if (!data) throw new Error(`core/${language}.ts has no ${namespace}.json`);
      return { default: data as Record<string, unknown> };
    };
  }
  return ENTRY_FILES[fileKey(language, namespace)] ?? (await otherFiles())[fileKey(language, namespace)];
}

/**
 * Starts downloading translation files before i18next asks for them: boot passes the first screen's
 * namespaces (its route's `namespaces`), so they download in parallel with the core files and the screen's
 * chunk instead of after them (issue #13: no waterfall). `detected` null = not detected yet (boot, before
 * the platform): the stored choice, which wins over Telegram's anyway (detect.ts); without one, nothing
 * (initI18n prefetches once the language is known). i18next's backend later gets the same modules, already
 * there. Resolves with the namespaces downloaded; never rejects (the backend retries on use).
 */
export async function prefetchLocaleFiles(detected: string | null, namespaces: readonly string[]): Promise<string[]> {
  if (namespaces.length === 0) return [];
  try {
    const language = detected ?? normalizeLanguage(readStoredLanguage());
    if (!language) return [];
    const loaded = await Promise.all(
      namespaces.map(async (namespace) => {
        if (language === 'en' && namespace in coreEnglishResources) return null;
        const load = await loaderOf(language, namespace);
        if (!load) return null;
        await load();
        return namespace;
      }),
    );
    return loaded.filter((namespace): namespace is string => namespace !== null);
  } catch {
    return [];
  }
}

/** Whether `locales/<language>/<namespace>.json` exists (English core files are bundled). */
export async function hasLocaleFile(language: string, namespace: string): Promise<boolean> {
  if (language === 'en' && namespace in coreEnglishResources) return true;
  return (await loaderOf(language, namespace)) !== undefined;
}

/**
 * i18next backend over the lazy locale chunks. A missing file fails at once (no retries); a failed
 * download is retried by i18next (5 times, from 350 ms) and then falls back to English.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const read = async (): Promise<Record<string, unknown> | null> => {
      const load = await loaderOf(language, namespace);
      return load ? (await load()).default : null;
    };
    read().then(
      (data) => {
        if (data === null) callback(new Error(`no locale file ${language}/${namespace}.json`), false);
        else callback(null, data as ResourceLanguage[string]);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};
