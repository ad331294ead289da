/** Card products: the catalogue (docs/cards.md "Cards"), GET /api/cards/products and /products/{id}. */
import { cardsProduct, cardsProducts } from '@/shared/contract/cards';
import { routesWith } from '../../http/route';
import { defineModule } from '../module';
import { getProduct, listProducts } from './service';

export { cursorDate, decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor';
export { pickText } from './language';
export {
  depositFeeRule,
  findProduct,
  findProductIncludingRetired,
  productName,
  productNotFound,
  type ProductRecord,
} from './service';

export const productsModule = defineModule({
  name: 'products',
  register: (app, { db }) => {
    const bind = routesWith(app, { db });
    bind(cardsProducts, listProducts);
    bind(cardsProduct, getProduct);
  },
});
