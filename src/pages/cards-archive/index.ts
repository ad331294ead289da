export { CardsArchivePage } from './ui/cards-archive-page';
