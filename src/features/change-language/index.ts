export {
  languageChosen,
  languageCloudSyncStarted,
  applyLanguageFx,
  saveLanguageToCloudFx,
  readCloudLanguageFx,
  $changingLanguage,
  CLOUD_LANGUAGE_KEY,
  LANGUAGE_CHOSEN_KEY,
} from './model/change-language';
export { LanguageSwitcher } from './ui/language-switcher';
