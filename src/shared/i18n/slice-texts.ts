/**
 * Translations that live with their slice (docs/frontend.md "i18n"). A slice keeps its own strings beside its code, one
 * file per language, and declares them once:
 *
 *   // src/features/end-sessions/i18n/texts.ts
 *   export const endSessionsTexts = defineTexts('end-sessions', {
 *     en: () => import('./locales/en.json'),
 *     ru: () => import('./locales/ru.json'),
 *   });
 *   // in its UI: useTranslation(endSessionsTexts.ns); in its model: i18n.t(`${endSessionsTexts.ns}:key`)
 *
 * Always refer to the namespace through `texts.ns`, never as a bare string: the import keeps the declaration in the
 * slice's chunk (source modules are side-effect free, "Bundle budget").
 *
 * The declaration runs when the slice's code loads, so its strings load with it: once i18n knows the language, each
 * declared namespace's file of that language (a lazy chunk of its own) is requested as the declaration runs, and a
 * route's screen renders once the texts its chunk declared are in (src/app/router/routes.tsx). Two teams adding
 * strings edit their own slices' files; the shared namespaces (src/shared/i18n/locales) keep only shared words.
 */
type Loader = () => Promise<{ default: Record<string, unknown> }>;

export interface SliceTexts {
  /** The namespace to pass to useTranslation / i18n.t (`<ns>:key`). */
  ns: string;
}

const sliceLoaders = new Map<string, Readonly<Record<string, Loader>>>();
let declared: ((namespace: string) => void) | undefined;

/** Declares a slice's translation files (every supported language); the namespace must be unique in the app. */
export function defineTexts(ns: string, loaders: { en: Loader; ru: Loader }): SliceTexts {
  const known = sliceLoaders.get(ns);
  // The dev server runs a texts.ts again when its files change (hot update): the same slice, not a second one.
  if (known && known.en !== loaders.en && !import.meta.hot) throw new Error(`Translations "${ns}" are declared twice: a slice's namespace is its own`);
  sliceLoaders.set(ns, loaders);
  if (!known) declared?.(ns);
  return { ns };
}

/** The loader of a slice's file in `language`, if a slice declared `namespace`. */
export const sliceTextsLoader = (language: string, namespace: string): Loader | undefined => sliceLoaders.get(namespace)?.[language];

/** Every namespace declared so far (the slices whose code has loaded). */
export const sliceNamespaces = (): string[] => [...sliceLoaders.keys()];

/**
 * Calls `load` with every namespace declared so far, then with each one as it is declared (instance.ts, once i18n is
 * initialised: a slice's texts are requested as its code arrives, not when its view first renders).
 */
export function loadSliceTextsAsDeclared(load: (namespaces: readonly string[]) => void): void {
  declared = (namespace) => load([namespace]);
  if (sliceLoaders.size > 0) load(sliceNamespaces());
}
