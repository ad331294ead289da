/**
 * The request logger (server/http/logging.ts): every line a request writes carries its request id and is redacted;
 * a level the app does not log writes nothing; a child logger keeps the request's bindings.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loggingOptions } from '../../server/http/logging';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Fastify's own line per request at info ("incoming request", "request completed"): not the handler's. */
const FASTIFY_REQUEST_LINES = new Set(['incoming request', 'request completed']);

/** A Fastify app with the server's logging options at `level`, the lines its handlers write parsed. */
const appLogging = (level: string) => {
  const lines: Array<Record<string, unknown>> = [];
  const options = loggingOptions(level);
  app = Fastify({
    ...options,
    logger: {
      ...(options.logger as object),
      stream: {
        write: (line: string) => {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          if (!FASTIFY_REQUEST_LINES.has(parsed.msg as string)) lines.push(parsed);
        },
      },
    },
  });
  return { app, lines };
};

describe('request logging', () => {
  it("a request's lines carry its request id, are redacted, and only at the levels the app logs", async () => {
    const { app, lines } = appLogging('info');
    app.get('/work', async (request) => {
      request.log.debug('not at info');
      request.log.info({ headers: { authorization: 'Bearer secret-token' }, body: { code: '123456' } }, 'working');
      request.log.child({ step: 'two' }).warn('from a child');
      return { ok: true };
    });
    const answer = await app.inject({ method: 'GET', url: '/work', headers: { 'x-request-id': 'req-1' } });
    expect(answer.statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual(['working', 'from a child']);
    expect(lines.every((line) => line.reqId === 'req-1')).toBe(true);
    expect(lines[0]).toMatchObject({ level: 30, headers: { authorization: '[redacted]' }, body: { code: '[redacted]' } });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
    expect(lines[1]).toMatchObject({ level: 40, step: 'two' });
  });

  it('an error a handler throws is logged with the request id', async () => {
    const { app, lines } = appLogging('error');
    app.get('/fail', async (request) => {
      request.log.warn('not at error');
      throw new Error('broken');
    });
    const answer = await app.inject({ method: 'GET', url: '/fail', headers: { 'x-request-id': 'req-2' } });
    expect(answer.statusCode).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, reqId: 'req-2', err: { message: 'broken' } });
  });

  it("the logger's level reads as the app's, and a request may raise its own", async () => {
    const { app, lines } = appLogging('warn');
    app.get('/level', async (request) => {
      const before = request.log.level;
      request.log.level = 'debug';
      request.log.debug('now at debug');
      return { before };
    });
    const answer = await app.inject({ method: 'GET', url: '/level', headers: { 'x-request-id': 'req-3' } });
    expect(answer.json()).toEqual({ before: 'warn' });
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'req-3', msg: 'now at debug' })]);
  });
});
