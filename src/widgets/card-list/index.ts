export { CardList } from './ui/card-list';
