export { LoadMore } from './load-more';
