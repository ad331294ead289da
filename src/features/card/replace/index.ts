export { replaceCardAction } from './ui/replace-action';
export { cardReplaceTexts } from './i18n/texts';
