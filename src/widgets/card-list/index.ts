export { ArchivedCardList, CardList } from './ui/card-list';
