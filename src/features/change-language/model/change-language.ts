/**
 * Change the app language (SPEC §1, §2 /settings): applied at once, remembered in localStorage
 * (`tgwallet.language`, through @/shared/i18n changeLanguage) and, where Telegram Cloud Storage exists
 * (Telegram 6.9+), saved there too so the user's other devices can pick it up.
 *
 * Start-up sync (`languageCloudSyncStarted`): if the cloud has a language and this device has no language
 * the user chose (only a detected one), the cloud's language is applied. i18n caches the *detected* language
 * in `tgwallet.language` as well, so a choice is told apart by its own marker, `tgwallet.languageChosen`,
 * written whenever the language is chosen here or taken from the cloud.
 */
import { createEffect, createEvent, sample } from 'effector';
import { changeLanguage, currentLanguage, i18n, normalizeLanguage, type Language } from '@/shared/i18n';
import { cloudStorage, haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';

/** Telegram Cloud Storage key of the chosen language. */
export const CLOUD_LANGUAGE_KEY = 'language';
/** localStorage marker: the language on this device was chosen (not detected). */
export const LANGUAGE_CHOSEN_KEY = 'tgwallet.languageChosen';

const readChosenMarker = (): boolean => {
  try {
    return localStorage.getItem(LANGUAGE_CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
};
const writeChosenMarker = (): void => {
  try {
    localStorage.setItem(LANGUAGE_CHOSEN_KEY, '1');
  } catch {
    // Not remembered as a choice; the language itself still applies.
  }
};

/** The user picked a language in Settings. */
export const languageChosen = createEvent<Language>();
/** App start (after i18n and the platform are up): take the language from Telegram Cloud Storage if due. */
export const languageCloudSyncStarted = createEvent();

/** Switches i18n (persisted in localStorage) and marks the language as chosen on this device. */
const applyLanguageFx = createEffect(async (language: Language) => {
  await changeLanguage(language);
  writeChosenMarker();
  return language;
});

/** Best effort: saves the choice in Telegram Cloud Storage; false where there is none (6.7, browsers). */
const saveLanguageToCloudFx = createEffect(async (language: Language): Promise<boolean> => {
  const result = await cloudStorage.setItem(CLOUD_LANGUAGE_KEY, language);
  return result.ok;
});

/** The cloud's language when this device has no chosen one; null otherwise (or without cloud storage). */
export const readCloudLanguageFx = createEffect(async (): Promise<Language | null> => {
  if (readChosenMarker()) return null;
  const result = await cloudStorage.getItem(CLOUD_LANGUAGE_KEY);
  return result.ok ? normalizeLanguage(result.value) : null;
});

const applyCloudLanguageFx = createEffect(async (language: Language) => {
  if (language !== currentLanguage()) await changeLanguage(language);
  writeChosenMarker();
});

const $changingLanguage = applyLanguageFx.pending;

const feedbackFx = createEffect((result: 'changed' | 'failed') => {
  if (result === 'changed') haptic.selection();
  else void notify.error(i18n.t('errors:general.error'));
});

sample({ clock: languageChosen, target: applyLanguageFx });
sample({ clock: applyLanguageFx.doneData, target: saveLanguageToCloudFx });
sample({ clock: applyLanguageFx.done, fn: () => 'changed' as const, target: feedbackFx });
sample({ clock: applyLanguageFx.fail, fn: () => 'failed' as const, target: feedbackFx });

sample({ clock: languageCloudSyncStarted, target: readCloudLanguageFx });
sample({
  clock: readCloudLanguageFx.doneData,
  filter: (language): language is Language => language !== null,
  target: applyCloudLanguageFx,
});
