/** What a card product shows of the card's words: its form (Virtual / Physical) and a scheme without a logo. */
export { cardTexts } from '../i18n/texts';
