import Fastify, { type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import { registerApiDocs } from './http/api-docs';
import { installErrorHandling, sendError } from './http/error-handler';
import { httpErrors } from './http/errors';
import type { HttpContext } from './http/context';
import { API_HEADERS } from './http/headers';
import { registerGracefulClose } from './http/graceful-close';
import { registerBodyDiscard } from './http/body-discard';
import { clientErrorOptions, registerUrlLimits, trackRequests } from './http/client-errors';
import { loggingOptions } from './http/logging';
import { registerMetrics } from './http/metrics';
import { registerSecurity } from './http/security';
import { registerOverloadShedding } from './http/overload';
import { registerNulGuard } from './http/validation';
import { isApiPath, registerStaticFiles } from './http/static-files';
import { loadModuleSettings, registerModules, type Adapters, type ModuleSettings, type MountedModule } from './modules';
import { deriveKey, TokenService } from './modules/auth';
import { requireStepUp } from './modules/app-lock';
import { OperatorSessions } from './modules/ops';
import { requireVerifiedUser } from './modules/users';
import { Monitor } from './monitor';
import { resolveAdapters } from './outside-world';
import { registerRequestTracing } from './tracing/sdk';
import { registerSandboxRoutes } from './sandbox';

export type { Adapters } from './modules';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database. buildApp does not close it. */
  db: Db;
  adapters?: Adapters;
  /** Time source of the services (tests move it). */
  clock?: Clock;
  /** Extra routes (tests), registered after the modules, before the app is ready. */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** The module list (default server/modules/index.ts `serverModules`); tests reorder it. */
  modules?: (settings: ModuleSettings) => MountedModule[];
}

const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * TRUST_PROXY as Fastify's trustProxy: a hop count becomes "trust the n nearest addresses" (the client address is the
 * one the nearest proxy appended, never a leftmost X-Forwarded-For entry the client wrote itself).
 */
const trustProxyOption = (trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

/** The Fastify app with every module, ready for `listen()` or `inject()`. */
export const buildApp = async ({ config, db, adapters: given = {}, clock = systemClock, extraRoutes, modules }: BuildAppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    ...loggingOptions(config.logLevel),
    ...clientErrorOptions,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // A request (headers and body) must arrive within requestTimeout, headers within headersTimeout; an idle
    // connection is closed after connectionTimeout, an idle keep-alive one after keepAliveTimeout (docs/server.md).
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      // How often Node checks the request/headers timeouts (default 30 s): a fraction of the smallest one.
      connectionsCheckingInterval: Math.max(50, Math.min(config.timeouts.headersMs, config.timeouts.requestMs) / 4),
    },
  });
  // JSON only: any other body type is answered 415 in the envelope.
  app.removeContentTypeParser(['text/plain']);
  // One trace per request (OTEL_EXPORTER_OTLP_ENDPOINT set): before every route and hook, so it covers them all.
  if (config.tracing.endpoint) await registerRequestTracing(app);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(API_HEADERS.requestId, request.id);
    done(null, payload);
  });

  const tokens = new TokenService(db, clock, config.jwtSecret, { reuseGraceSeconds: config.refreshReuseGraceSeconds });
  const operatorSessions = new OperatorSessions(db, clock, deriveKey(config.jwtSecret, 'operator-access-token'));
  app.decorate('httpContext', {
    db,
    clock,
    idempotencyPendingSeconds: config.idempotencyPendingSeconds,
    authenticate: (token: string) => tokens.verifyAccessToken(token),
    deferSessionCheck: async (token, guard) => {
      const { claims, db: checked } = await tokens.deferSessionCheck(token, guard);
      return { claims, db: checked, settle: () => checked.settle() };
    },
    guards: {
      verified: (auth) => requireVerifiedUser(db, clock, auth.userId, auth.verified),
      'step-up': async (auth) => requireStepUp(auth, clock, config.appLock.stepUpSeconds),
    },
    authenticateOperator: (token: string) => operatorSessions.authenticate(token),
  } satisfies HttpContext);

  const settings = loadModuleSettings(config, { tokens, operatorSessions });

  trackRequests(app.server);
  registerUrlLimits(app);
  registerOverloadShedding(app, { maxInFlight: config.edge.maxInFlightRequests, retryAfterSeconds: config.edge.overloadRetryAfterSeconds });
  // Before the graceful close: its Connection: close while stopping must stand.
  registerBodyDiscard(app, { maxBytes: config.edge.bodyDiscardMaxBytes });
  registerGracefulClose(app);
  registerNulGuard(app);
  const monitor = new Monitor(clock, app.log);
  monitor.registerMetrics(registerMetrics(app, { db, token: config.metricsToken }));
  await registerSecurity(app, { appOrigins: config.appOrigins, apiOrigins: config.apiPublicOrigins, db, globalRateLimitPerMinute: config.rateLimitPerMinute });
  const spaFallback = await registerStaticFiles(app, config.staticDir);
  installErrorHandling(app, (request, reply) => {
    if (spaFallback && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return spaFallback(request, reply);
    }
    return sendError(reply, httpErrors.notFound(request.method, request.url));
  });

  await registerApiDocs(app);
  const { adapters, sandbox } = resolveAdapters(app, { db, clock, config, given, monitor });
  await registerModules(app, { db, clock, config, adapters, monitor }, settings, modules);
  if (sandbox) await registerSandboxRoutes(app, sandbox, { db, clock, config, adapters });
  await extraRoutes?.(app);

  await app.ready();
  return app;
};
