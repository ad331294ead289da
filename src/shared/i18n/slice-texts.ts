/**
 * Translations that live with their slice (docs/frontend.md "i18n"). A slice keeps its own strings beside its code, one
 * file per language, and declares them once:
 *
 *   // src/app/boot/startup-error/texts.ts
 *   export const startupErrorTexts = defineTexts('startup-error', {
 *     en: () => import('./locales/en.json'),
 *     ru: () => import('./locales/ru.json'),
 *   });
 *   // in its UI: useTranslation(startupErrorTexts.ns)
 *
 * The declaration runs when the slice's code loads, so its strings load with it: each file is a lazy chunk fetched the
 * first time the namespace is used in a language (i18next's backend, resources.ts, asks here first). Two teams adding
 * strings edit their own slices' files; the shared namespaces (src/shared/i18n/locales) keep only shared words.
 */
type Loader = () => Promise<{ default: Record<string, unknown> }>;

export interface SliceTexts {
  /** The namespace to pass to useTranslation / i18n.t (`<ns>:key`). */
  ns: string;
}

const sliceLoaders = new Map<string, Readonly<Record<string, Loader>>>();

/** Declares a slice's translation files (every supported language); the namespace must be unique in the app. */
export function defineTexts(ns: string, loaders: { en: Loader; ru: Loader }): SliceTexts {
  const known = sliceLoaders.get(ns);
  if (known && known.en !== loaders.en) throw new Error(`Translations "${ns}" are declared twice: a slice's namespace is its own`);
  sliceLoaders.set(ns, loaders);
  return { ns };
}

/** The loader of a slice's file in `language`, if a slice declared `namespace`. */
export const sliceTextsLoader = (language: string, namespace: string): Loader | undefined => sliceLoaders.get(namespace)?.[language];
