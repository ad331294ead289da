import type { FastifyInstance } from 'fastify';
import { ISSUER_WEBHOOK_PATH, IssuerWebhookError, type CardIssuer, type IssuerEventHandler } from '../../adapters/card-issuer';
import { httpErrors } from '../../http/errors';

/**
 * POST /api/webhooks/card-issuer (docs/adapters.md "Card issuer"): where a real issuer posts its events. The adapter
 * checks the signature over the exact raw body (→ 401) and reads the event (→ 400); the cards module applies it
 * (idempotent: a redelivered event changes nothing) and answers the result (for a `trade`, the authorisation).
 * The sandbox delivers in process through the same parseWebhook.
 */
export const registerIssuerWebhook = async (app: FastifyInstance, issuer: CardIssuer, handle: IssuerEventHandler): Promise<void> => {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(ISSUER_WEBHOOK_PATH, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]));
      let delivery;
      try {
        delivery = issuer.parseWebhook(raw, headers);
      } catch (error) {
        if (!(error instanceof IssuerWebhookError)) throw error;
        if (error.kind === 'signature') throw httpErrors.unauthorized(error.message);
        throw httpErrors.validation({ body: error.message });
      }
      return { success: true, data: { eventId: delivery.eventId, ...(await handle(delivery.event)) } };
    });
  });
};
