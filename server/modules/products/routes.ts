import type { FastifyInstance } from 'fastify';
import { cardsProduct, cardsProducts } from '@/shared/contract/cards';
import { route } from '../../http/route';
import { requestLanguage } from './language';
import type { ProductsService } from './service';

export const registerProductRoutes = (app: FastifyInstance, products: ProductsService): void => {
  route(app, cardsProducts, ({ query, request }) => products.list(query, requestLanguage(request)));
  route(app, cardsProduct, ({ params, request }) => products.get(params.id, requestLanguage(request)));
};
