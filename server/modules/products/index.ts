/** Card products: the catalogue (docs/server.md "Cards and jobs"). */
export { cursorDate, decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor';
export { catalogLanguage, pickText, requestLanguage, type CatalogLanguage } from './language';
export { registerProductRoutes } from './routes';
export {
  depositFeeRule,
  findProduct,
  findProductIncludingRetired,
  productName,
  productNotFound,
  ProductsService,
  toCardProduct,
  type ProductRecord,
  type ProductsQuery,
} from './service';
