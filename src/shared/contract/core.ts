/**
 * Contract core: the shapes every endpoint definition is made of. The endpoint files in this folder
 * describe all calls of SPEC §7; the client, the server and the OpenAPI document are all derived from them.
 * zod/mini keeps the browser bundle small (STACK-NOTES: zod/mini ≈ 5 KB vs classic ≈ 24 KB).
 */
import * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';
/** Any zod schema (mini and classic share the core). */
export type Schema = z.ZodMiniType;

/** SPEC §3/§8: the error object. `service` names the server module that produced it. */
export const ErrorObject = z.object({
  service: z.string(),
  code: z.string(),
  message: z.string(),
  /** Field-level problems of a rejected request (path → message); present on validation errors. */
  fields: z.optional(z.record(z.string(), z.string())),
  /**
   * Typed extras of some codes (docs/api.md "Errors"): `attemptsLeft` on INVALID_ACTIVATION_CODE, `limit` on
   * CODE_RATE_LIMITED. Lenient for
   * clients (unknown keys stripped), so codes may gain details without breaking anyone.
   */
  details: z.optional(
    z.object({
      attemptsLeft: z.optional(z.int().check(z.minimum(0))),
      /** CODE_RATE_LIMITED: which limit was hit (codes per email, per network/IP, per account an hour). */
      limit: z.optional(z.enum(['email', 'network', 'account'])),
      /** WITHDRAWAL_ON_HOLD: when withdrawals open again (ISO 8601). */
      availableAt: z.optional(z.string()),
      /** ACCOUNT_FROZEN: why (users.ts FREEZE_REASONS); a string here so this file needs no users schema. */
      freezeReason: z.optional(z.string()),
    }),
  ),
});
export type ErrorObject = z.infer<typeof ErrorObject>;
export type ErrorDetails = NonNullable<ErrorObject['details']>;

export const ErrorEnvelope = z.object({ success: z.literal(false), error: ErrorObject });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** SPEC §8: every call answers `{ success: true, data }` or `{ success: false, error }`. */
export const successEnvelope = <T extends Schema>(data: T) => z.object({ success: z.literal(true), data });

/**
 * The guards an endpoint can require (docs/api.md "Guards"). `verified`: the account may move money (verified; refused
 * with ACCOUNT_UNDER_VERIFICATION / ACCOUNT_VERIFICATION_FAILED otherwise). `step-up`: with the app lock on, this
 * session was unlocked (passcode or biometry) less than the step-up window ago (refused with STEP_UP_REQUIRED).
 */
export const GUARDS = ['verified', 'step-up'] as const;
export type GuardName = (typeof GUARDS)[number];
/** A guard for every request of the endpoint, or only for the requests `when` picks (e.g. unfreeze, not freeze). */
export type GuardRequirement<B = unknown> = GuardName | { guard: GuardName; when: (input: { body: B }) => boolean };

/**
 * Operator roles (docs/ops.md "Operators and roles"): `support` reads a user, writes notes, ends sessions, blocks a card
 * as lost or stolen; `compliance` decides verifications, held money, withdrawals over the approval size and freezes;
 * `admin` manages operators and roles and manual adjustments. An operator endpoint (`auth: 'operator'`) names the roles
 * that may call it.
 */
export const OPERATOR_ROLES = ['support', 'compliance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface EndpointDef<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  /** Stable operation id, `domain.action` (also the OpenAPI operationId). */
  id: string;
  method: HttpMethod;
  /** Path with `{name}` placeholders, exactly as SPEC §7 writes it. */
  path: string;
  /**
   * SPEC §6: auth calls go without a token; every other call carries the bearer token. `operator`: the console's calls
   * (`/api/ops/*`), with an operator's access token (its own audience: a user token is refused there, and an operator
   * token by every user endpoint).
   */
  auth: 'none' | 'bearer' | 'operator';
  /** `auth: 'operator'` only: the roles that may call it (any one of them), checked by the server's route(). */
  roles?: readonly OperatorRole[];
  /** Money-moving calls require an `Idempotency-Key` header; a replay returns the first answer. */
  idempotent?: boolean;
  /**
   * What the signed-in caller must be beyond signed in (docs/api.md "Guards"), checked by the server's route() when it
   * accepts the session, before the handler runs: a guard name, or a guard that applies only to some requests.
   */
  requires?: readonly GuardRequirement<B extends Schema ? z.infer<B> : undefined>[];
  /**
   * Answered while the caller's session is locked by the app lock (docs/api.md "App lock"): the lock's status, unlock
   * and lock. Every other bearer endpoint refuses a locked session with 423 APP_LOCKED.
   */
  whileLocked?: true;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the success envelope. */
  response: R;
}

export const defineEndpoint = <
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(
  def: EndpointDef<P, Q, B, R>,
): EndpointDef<P, Q, B, R> => def;

type InferOr<S, Fallback> = S extends Schema ? z.infer<S> : Fallback;
export type EndpointParams<E> = E extends EndpointDef<infer P, any, any, any> ? InferOr<P, void> : never;
export type EndpointQuery<E> = E extends EndpointDef<any, infer Q, any, any> ? InferOr<Q, void> : never;
export type EndpointBody<E> = E extends EndpointDef<any, any, infer B, any> ? InferOr<B, void> : never;
export type EndpointData<E> = E extends EndpointDef<any, any, any, infer R> ? z.infer<R> : never;
/** What a caller passes: only the parts the endpoint has. */
export type EndpointInput<E> = (EndpointParams<E> extends void ? {} : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends void ? {} : { query?: EndpointQuery<E> }) &
  (EndpointBody<E> extends void ? {} : { body: EndpointBody<E> });

/** Fills `{name}` placeholders of an endpoint path. */
export const buildPath = (path: string, params?: Record<string, string | number>): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });

// ── Common field shapes (fintech conventions, see docs/api.md) ───────────────────────────────────────

/**
 * No string of the contract may hold U+0000 (PostgreSQL cannot store it in text). The server also refuses it for every
 * part of every request before validation (server/http/validation.ts), so a field that forgets this is still safe.
 */
export const noNul = z.refine<string>((value) => !value.includes('\u0000'), 'Must not contain the NUL character (U+0000).');
/** Free text of a request: any characters but NUL. */
export const Text = z.string().check(noNul);

/** Ids are opaque strings. */
export const Id = z.string().check(z.minLength(1), z.maxLength(64), noNul);
/** ISO 8601 timestamp in UTC. */
export const Timestamp = z.iso.datetime();
export const Currency = z.enum(['USD', 'RUB']);
export type Currency = z.infer<typeof Currency>;
/** Integer minor units (USD cents, RUB kopecks). */
export const MinorUnits = z.int().check(z.minimum(-Number.MAX_SAFE_INTEGER), z.maximum(Number.MAX_SAFE_INTEGER));
export const Money = z.object({ amount: MinorUnits, currency: Currency });
export type Money = z.infer<typeof Money>;
/** A positive amount in minor units, as requests carry it. */
export const PositiveMinorUnits = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** Cursor pagination for lists: pass `cursor` from `nextCursor` to get the next page. */
export const PageQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200), noNul)),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export const page = <T extends Schema>(item: T) => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

/** 8–128 characters of [A-Za-z0-9_-]; a UUID v4 per user action is recommended. */
export const IdempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/));

/** A non-negative decimal number as a string (rates, on-chain USDT amounts): never a float on the wire. */
export const DecimalString = z.string().check(z.regex(/^(0|[1-9]\d{0,17})(\.\d{1,18})?$/));
/** Fee in basis points: 100 bps = 1 %. */
export const Bps = z.int().check(z.minimum(0), z.maximum(10_000));
/** Base64url without padding (RFC 4648 §5). */
export const Base64Url = z.string().check(z.regex(/^[A-Za-z0-9_-]+$/));
/** Path parameter `{id}`. */
export const IdParams = z.object({ id: Id });
