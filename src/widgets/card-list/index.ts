export { ArchivedCardList, CardList } from './ui/card-list';
export { cardListTexts } from './i18n/texts';
