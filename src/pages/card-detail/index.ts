export { CardDetailPage } from './ui/card-detail-page';
