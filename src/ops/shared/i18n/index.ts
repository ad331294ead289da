/**
 * The console's translations (docs/ops.md "The console"): its own namespaces (`ops-*`), English and Russian, in
 * src/ops/shared/i18n/locales/<lang>/<namespace>.json, bundled with the console (never with the Mini App, whose
 * translation files are src/shared/i18n/locales) and added to the shared i18next instance at boot. Shared texts
 * (`errors`, `error-codes`) come from src/shared/i18n as in the app.
 */
import type { i18n as I18n } from 'i18next';
import { toErrorMessage, isApiError, type ErrorMessage } from '@/shared/api';
import { OPS_ERROR_CODES } from '@/shared/contract/ops';

const FILES = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

/** Every console namespace in every language: `{ en: { 'ops-common': {...} }, ru: {...} }`. */
export const consoleResources = (): Record<string, Record<string, Record<string, unknown>>> => {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, data] of Object.entries(FILES)) {
    const match = /\/locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(path);
    if (match) (resources[match[1]!] ??= {})[match[2]!] = data;
  }
  return resources;
};

export const CONSOLE_NAMESPACES: readonly string[] = Object.keys(consoleResources().en ?? {}).sort();

/** Adds the console's namespaces to the shared i18next instance (once, at boot). */
export const addConsoleTranslations = (i18n: I18n): void => {
  for (const [language, namespaces] of Object.entries(consoleResources())) {
    for (const [namespace, data] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, data, true, true);
  }
};

/**
 * What to say about a failed console call: an operator-side code has its words in `ops-errors` (OPS_ERROR_CODES),
 * anything else goes the app's way (`error-codes`, then the transport's messages).
 */
export const opsErrorMessage = (error: unknown, fallbackKey = 'ops-errors:general'): ErrorMessage => {
  const general = toErrorMessage(error, fallbackKey);
  if (isApiError(error) && error.kind === 'http' && error.code in OPS_ERROR_CODES) {
    return { keys: [`ops-errors:${error.code}`, ...general.keys], defaultValue: general.defaultValue };
  }
  return general;
};
