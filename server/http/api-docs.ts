import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '@/shared/contract/openapi';
import { DOCS_CSP } from './security';

/** `GET /api/openapi.json` (generated from the contract) and a browsable Swagger UI at `/api/docs`. */
export const registerApiDocs = async (app: FastifyInstance): Promise<void> => {
  const document = buildOpenApiDocument();
  app.get('/api/openapi.json', { config: { rateLimit: false } }, async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true }, staticCSP: DOCS_CSP });
};
