export {
  languageCloudSyncStarted,
  readCloudLanguageFx,
} from './model/change-language';
export { LanguageSwitcher } from './ui/language-switcher';
