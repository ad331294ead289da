export { CardsPage } from './ui/cards-page';
