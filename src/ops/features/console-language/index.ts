export { LanguageSwitch } from './ui/language-switch';
