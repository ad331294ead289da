import type { FastifyInstance } from 'fastify';
import { cardsProduct, cardsProducts } from '@/shared/contract/cards';
import { route } from '../../http/route';
import type { ProductsService } from './service';

export const registerProductRoutes = (app: FastifyInstance, products: ProductsService): void => {
  route(app, cardsProducts, ({ query, lang }) => products.list(query, lang));
  route(app, cardsProduct, ({ params, lang }) => products.get(params.id, lang));
};
