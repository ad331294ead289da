import * as z from 'zod/mini';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  EndpointBody,
  EndpointData,
  EndpointDef,
  EndpointParams,
  EndpointQuery,
  GuardRequirement,
  Schema,
} from '@/shared/contract/core';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { AuthContext, DeferredSessionCheck, OperatorContext } from './context';
import { requestLanguage, type RequestLanguage } from './language';
import { catalogError, DomainError, httpErrors } from './errors';
import { API_HEADERS, requestHeader } from './headers';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequest,
  InTransactionIdempotency,
  readIdempotencyKey,
  releaseIdempotencyKey,
  type IdempotencyRecordId,
} from './idempotency';
import { parsePart, type RequestPart } from './validation';

export type AnyEndpoint = EndpointDef<any, any, any, any>;

/**
 * What a handler (a use case) receives for one request: the validated input, who is asking, and the request's
 * database, clock and settings. Guards declared on the endpoint (`requires`) have already passed; the Idempotency-Key
 * of an idempotent endpoint has been read and checked once (`idempotencyKey`).
 */
interface HandlerContext<E extends AnyEndpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The signed-in caller of a bearer endpoint, its guards passed (a public endpoint has none: reading it throws 401). */
  readonly user: AuthContext;
  /** The operator of an `auth: 'operator'` endpoint, holding one of its roles (elsewhere reading it throws 401). */
  readonly operator: OperatorContext;
  /**
   * The database for this request. On routes bound with `{ session: 'with-first-query' }` its first query also checks
   * the session (one round trip); use it for the request's reads. Elsewhere the app's database.
   */
  db: Db;
  clock: Clock;
  /** The caller's language for catalogue texts and messages (Accept-Language: en or ru). */
  readonly lang: RequestLanguage;
  /** The client address (behind TRUST_PROXY, the one the nearest trusted proxy saw). */
  ip: string;
  /** The request's Idempotency-Key on an `idempotent` endpoint (read and checked once by route()). */
  readonly idempotencyKey: string;
  /**
   * Set on routes bound with `{ idempotency: 'in-transaction' }`: the handler claims the Idempotency-Key first and
   * completes it last in its own database transaction (see InTransactionIdempotency). null elsewhere.
   */
  idempotency: InTransactionIdempotency<EndpointData<E>> | null;
  /**
   * The request's AuthContext once its session is accepted and the endpoint's guards passed (throws otherwise). Where
   * the session was checked before the handler, at once; on `session: 'with-first-query'` routes after the first query
   * through `ctx.db`.
   */
  session(): Promise<AuthContext>;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  /** Set `reply.code(201)` etc. here if needed; the envelope is written by route(). */
  reply: FastifyReply;
}

export interface RouteOptions {
  /**
   * 'in-transaction': the handler's whole effect is one database transaction, and it claims and completes the
   * Idempotency-Key inside it (ctx.idempotency): one commit instead of three. Default: route() claims the key before
   * the handler and stores the answer after it (handlers that call outside services).
   */
  idempotency?: 'in-transaction';
  /**
   * 'with-first-query' (bearer GET reads, and writes with `idempotency: 'in-transaction'`): the token is verified before
   * the handler, and the session row is read in the same statement as the handler's first query through `ctx.db`
   * (SessionCheckedDb; a read) instead of a round trip of its own. `ctx.db.tx()` waits for the check before BEGIN, so a
   * handler that writes only in ctx.db's transactions writes nothing for an ended session. Nothing is answered, not even
   * an error, before the session is accepted; an ended session gets the same 401. Default: the session is checked before
   * the handler runs.
   */
  session?: 'with-first-query';
}

export type Handler<E extends AnyEndpoint> = (ctx: HandlerContext<E>) => Promise<EndpointData<E>> | EndpointData<E>;

/** One request as a module's use case sees it: the module's dependencies and the request's HandlerContext, one object. */
export type RequestContext<E extends AnyEndpoint, D> = Omit<D, keyof HandlerContext<E>> & HandlerContext<E>;
/** A use case: one function over one context (docs/server.md "Modules"). */
export type UseCase<E extends AnyEndpoint, D> = (ctx: RequestContext<E, D>) => Promise<EndpointData<E>> | EndpointData<E>;

/**
 * A module's route binder: `bind(endpoint, useCase, options?)` routes the endpoint to the use case, whose context carries
 * the module's dependencies `deps` beside the request's own (its `db` is the request's database).
 *
 *   const bind = routesWith(app, { db, clock, issuer });
 *   bind(cardsGet, getCard);
 */
export const routesWith =
  <D extends object>(app: FastifyInstance, deps: D) =>
  <E extends AnyEndpoint>(endpoint: E, useCase: UseCase<E, D>, options: RouteOptions = {}): void =>
    bindRoute(app, endpoint, useCase as Handler<E>, options, deps);

/** `/api/cards/{id}` → `/api/cards/:id` (Fastify syntax). */
export const toFastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

const bearerToken = (request: FastifyRequest): string => {
  const header = requestHeader(request, API_HEADERS.authorization);
  const match = header ? BEARER.exec(header) : null;
  if (!match?.[1]) throw httpErrors.unauthorized();
  return match[1];
};

const authenticate = (app: FastifyInstance, request: FastifyRequest): Promise<AuthContext> => app.httpContext.authenticate(bearerToken(request));

/** An operator endpoint's caller: a valid operator token and session, holding one of the endpoint's roles (else 403). */
const authorizeOperator = async (app: FastifyInstance, endpoint: AnyEndpoint, request: FastifyRequest): Promise<OperatorContext> => {
  const operator = await app.httpContext.authenticateOperator(bearerToken(request));
  const roles = endpoint.roles ?? [];
  if (!operator.roles.some((role) => roles.includes(role))) {
    throw new DomainError('ops', 'OPS_ROLE_REQUIRED', `This needs one of the roles: ${roles.join(', ')}.`, 403);
  }
  return operator;
};

/**
 * The app lock holds at the server (docs/api.md "App lock"): a session the lock has locked is answered only by the
 * endpoints the contract marks `whileLocked` (the lock's status, unlock, lock; sign-out needs no bearer token).
 */
const refuseLocked = (endpoint: AnyEndpoint, auth: AuthContext): void => {
  if (auth.appLock.locked && !endpoint.whileLocked) throw catalogError('APP_LOCKED', 'The app is locked. Unlock it with your passcode to continue.');
};

/** A request context's own state, read by the getters of its prototype (a symbol: never one of a use case's names). */
const STATE = Symbol('request context state');
interface StatefulContext {
  [STATE]: { auth: AuthContext | null; operator: OperatorContext | null; request: FastifyRequest; idempotencyKey: string | null; endpointId: string };
}

/**
 * The prototype of one route's request contexts, built once per route: the module's dependencies (`deps`) under the
 * getters every context has. A request's context is an object on it holding the request's own fields, so `deps` is not
 * copied per request and every context of a route has the same shape.
 */
const requestContextPrototype = (deps: object): object =>
  Object.create(deps, {
    user: {
      get(this: StatefulContext) {
        const { auth } = this[STATE];
        if (!auth) throw httpErrors.unauthorized();
        return auth;
      },
    },
    operator: {
      get(this: StatefulContext) {
        const { operator } = this[STATE];
        if (!operator) throw httpErrors.unauthorized();
        return operator;
      },
    },
    lang: {
      get(this: StatefulContext) {
        return requestLanguage(this[STATE].request);
      },
    },
    idempotencyKey: {
      get(this: StatefulContext) {
        const { idempotencyKey, endpointId } = this[STATE];
        if (idempotencyKey === null) throw new Error(`${endpointId}: no Idempotency-Key on an endpoint that is not idempotent`);
        return idempotencyKey;
      },
    },
  });

/** The guards an endpoint requires of this request (a conditional one only when its `when` picks the request). */
const guardsFor = (endpoint: AnyEndpoint, input: { body?: unknown }) =>
  ((endpoint.requires ?? []) as readonly GuardRequirement<unknown>[]).flatMap((requirement) =>
    typeof requirement === 'string' ? [requirement] : requirement.when({ body: input.body }) ? [requirement.guard] : [],
  );

const validateInput = (endpoint: AnyEndpoint, request: FastifyRequest) => {
  const parts: Array<[RequestPart, Schema | undefined, unknown]> = [
    ['params', endpoint.params, request.params],
    ['query', endpoint.query, request.query],
    ['body', endpoint.body, request.body],
  ];
  const values: Partial<Record<RequestPart, unknown>> = {};
  let fields: Record<string, string> = {};
  for (const [part, schema, raw] of parts) {
    if (!schema) continue;
    const result = parsePart(part, schema, raw);
    if (result.ok) values[part] = result.value;
    else fields = { ...fields, ...result.fields };
  }
  if (Object.keys(fields).length) throw httpErrors.validation(fields);
  return values;
};

/**
 * Binds one contract endpoint to a Fastify route: method + path, bearer auth and the session (a session the app lock
 * has locked: 423 APP_LOCKED unless the endpoint is `whileLocked`), params/query/body validation (400 VALIDATION_ERROR
 * with `fields`), the endpoint's guards (`requires`, run as the session is accepted),
 * the Idempotency-Key of `idempotent` endpoints, response validation (a contract breach is logged and answered 500
 * INTERNAL) and the `{ success: true, data }` envelope. Errors thrown by the handler reach the app's error handler.
 *
 *   route(app, usersMe, ({ db, clock, user }) => userProfile(db, clock, user.userId));
 */
export const route = <E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: RouteOptions = {}): void =>
  bindRoute(app, endpoint, handler, options, {});

const bindRoute = <E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: RouteOptions, deps: object): void => {
  if (options.idempotency && !endpoint.idempotent) throw new Error(`${endpoint.id}: in-transaction idempotency on an endpoint without Idempotency-Key`);
  // Every write of such a route runs in ctx.db's transactions, which wait for the session check before BEGIN: a GET read,
  // or a write whose Idempotency-Key is claimed in its own transaction.
  if (options.session && (endpoint.auth !== 'bearer' || (endpoint.method !== 'GET' && options.idempotency !== 'in-transaction'))) {
    throw new Error(`${endpoint.id}: the session is checked with the first query only on bearer reads and in-transaction writes`);
  }
  if (endpoint.requires?.length && endpoint.auth !== 'bearer') throw new Error(`${endpoint.id}: guards need a signed-in caller (auth: 'bearer')`);
  if ((endpoint.auth === 'operator') !== Boolean(endpoint.roles?.length)) throw new Error(`${endpoint.id}: an operator endpoint names its roles, and only it`);
  const checkResponse = (request: FastifyRequest, data: unknown): EndpointData<E> => {
    const checked = z.safeParse(endpoint.response as Schema, data);
    if (!checked.success) {
      request.log.error({ endpoint: endpoint.id, issues: checked.error.issues }, 'response breaks the contract');
      throw httpErrors.internal();
    }
    return checked.data as EndpointData<E>;
  };
  const contextPrototype = requestContextPrototype(deps);
  /** Runs the guards the endpoint requires of this request, in their declared order. */
  const guard = async (auth: AuthContext, input: { body?: unknown }): Promise<void> => {
    for (const name of guardsFor(endpoint, input)) await app.httpContext.guards[name](auth);
  };
  /** The request after authentication: Idempotency-Key, handler, response check, envelope. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: ReturnType<typeof validateInput>,
    auth: AuthContext | null,
    operator: OperatorContext | null,
    db: Db,
    session: () => Promise<AuthContext>,
  ) => {
    const { clock, idempotencyPendingSeconds } = app.httpContext;
    const idempotencyKey = endpoint.idempotent ? readIdempotencyKey(request) : null;
    // Keys are per caller: a user, or an operator (`ops:<id>`, never a user id).
    const scope = auth?.userId ?? (operator ? `ops:${operator.operatorId}` : 'anonymous');
    const record: IdempotencyRecordId | null = idempotencyKey ? { scope, endpointId: endpoint.id, key: idempotencyKey } : null;
    const inTransaction =
      record && options.idempotency === 'in-transaction'
        ? new InTransactionIdempotency<EndpointData<E>>(
            {
              clock,
              pendingSeconds: idempotencyPendingSeconds,
              validate: (data) => checkResponse(request, data),
              statusCode: () => reply.statusCode,
            },
            record,
            hashRequest(input),
          )
        : null;
    const ctx = Object.create(contextPrototype) as HandlerContext<E> & StatefulContext;
    ctx[STATE] = { auth, operator, request, idempotencyKey, endpointId: endpoint.id };
    ctx.params = input.params as EndpointParams<E>;
    ctx.query = input.query as EndpointQuery<E>;
    ctx.body = input.body as EndpointBody<E>;
    ctx.db = db;
    ctx.clock = clock;
    ctx.ip = request.ip;
    ctx.idempotency = inTransaction;
    ctx.session = session;
    ctx.log = request.log;
    ctx.request = request;
    ctx.reply = reply;

    if (!record) return { success: true, data: checkResponse(request, await handler(ctx)) };

    if (inTransaction) {
      await handler(ctx);
      const outcome = inTransaction.outcome;
      if (!outcome) {
        request.log.error({ endpoint: endpoint.id }, 'in-transaction idempotency: the handler neither completed nor replayed its key');
        throw httpErrors.internal();
      }
      if (outcome.kind === 'replay') reply.code(outcome.statusCode).header(API_HEADERS.idempotencyReplayed, 'true');
      return { success: true, data: outcome.data };
    }

    const claim = await claimIdempotencyKey(db, clock, record, hashRequest(input), idempotencyPendingSeconds);
    if (claim.kind === 'replay') {
      reply.code(claim.statusCode).header(API_HEADERS.idempotencyReplayed, 'true');
      return { success: true, data: claim.data };
    }
    let data: unknown;
    try {
      data = checkResponse(request, await handler(ctx));
    } catch (error) {
      await releaseIdempotencyKey(db, record).catch((releaseError: unknown) =>
        request.log.error({ err: releaseError }, 'could not release an idempotency key'),
      );
      throw error;
    }
    await completeIdempotencyKey(db, clock, record, reply.statusCode, data);
    return { success: true, data };
  };
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    handler: async (request, reply) => {
      if (!options.session) {
        const auth = endpoint.auth === 'bearer' ? await authenticate(app, request) : null;
        const operator = endpoint.auth === 'operator' ? await authorizeOperator(app, endpoint, request) : null;
        if (auth) refuseLocked(endpoint, auth);
        const input = validateInput(endpoint, request);
        if (auth) await guard(auth, input);
        return answer(request, reply, input, auth, operator, app.httpContext.db, async () => {
          if (!auth) throw httpErrors.unauthorized();
          return auth;
        });
      }
      // `session: 'with-first-query'`: nothing is answered, not even an error, before the session is accepted; the lock
      // and the guards are checked as it is accepted (a request refused by validation never reached the handler: no
      // guard to run; a locked session is refused all the same).
      let input: ReturnType<typeof validateInput> | null = null;
      const deferred: DeferredSessionCheck = await app.httpContext.deferSessionCheck(bearerToken(request), async (auth) => {
        refuseLocked(endpoint, auth);
        if (input) await guard(auth, input);
      });
      let answered: Awaited<ReturnType<typeof answer>>;
      try {
        input = validateInput(endpoint, request);
        answered = await answer(request, reply, input, deferred.claims, null, deferred.db, deferred.settle);
      } catch (error) {
        await deferred.settle();
        throw error;
      }
      await deferred.settle();
      return answered;
    },
  });
};
