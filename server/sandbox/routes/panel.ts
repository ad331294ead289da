import type { FastifyInstance, FastifyReply } from 'fastify';
import { PANEL_ACTIONS, renderSandboxPanel, type PanelResult } from '../panel';
import { sameSecret } from './dev';
import { SANDBOX_TOKEN_HEADER } from './dev-endpoints';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/** A form post is small: anything larger is not the panel's. */
const BODY_LIMIT = 4096;

const sendPanel = (reply: FastifyReply, token: string, result?: PanelResult, status = 200) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', CSP)
    .send(renderSandboxPanel({ token, ...(result ? { result } : {}) }));

/**
 * The sandbox panel (server/sandbox/panel.ts): `GET /api/dev/panel` shows it, `POST /api/dev/panel` (a form) runs one
 * action through the /api/dev/* endpoints in process (with the caller's address, so "reset the code limit" is the
 * caller's own), after checking the typed sandbox token. Registered only while SANDBOX is on.
 */
export const registerPanelDevRoutes = (app: FastifyInstance, sandboxToken: string): void => {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.get('/api/dev/panel', (_request, reply) => sendPanel(reply, ''));
    scope.post('/api/dev/panel', async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const token = form.get('token') ?? '';
      const action = PANEL_ACTIONS.find((a) => a.id === form.get('action'));
      if (!action) return sendPanel(reply, token, { title: 'Unknown action', status: 400, body: 'Pick one of the forms below.' }, 400);
      if (!sandboxToken || !sameSecret(token, sandboxToken)) {
        return sendPanel(reply, '', { title: action.title, status: 401, body: 'Wrong sandbox token: the one npm start printed (or SANDBOX_TOKEN).' }, 401);
      }
      const values = Object.fromEntries(action.fields.map((f) => [f.name, form.get(f.name) ?? '']));
      const call = action.request(values);
      const answer = await app.inject({
        method: call.method,
        url: call.url,
        headers: { [SANDBOX_TOKEN_HEADER]: sandboxToken, ...(call.payload ? { 'content-type': 'application/json' } : {}) },
        remoteAddress: request.ip,
        ...(call.payload ? { payload: JSON.stringify(call.payload) } : {}),
      });
      let body = answer.body;
      try {
        const json = JSON.parse(answer.body) as { data?: unknown; error?: unknown };
        body = JSON.stringify(json.data ?? json.error ?? json, null, 2);
      } catch {
        // not JSON: shown as it came
      }
      return sendPanel(reply, token, { title: action.title, status: answer.statusCode, body });
    });
  });
};
