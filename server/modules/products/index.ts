/** Card products: the catalogue (docs/server.md "Cards and jobs"). */
import { defineModule } from '../module';
import { registerProductRoutes } from './routes';
import { ProductsService } from './service';

export { cursorDate, decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor';
export { pickText } from './language';
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

/** The card products catalogue (GET /api/cards/products…). */
export const productsModule = defineModule({ name: 'products', register: (app, { db }) => registerProductRoutes(app, new ProductsService(db)) });
