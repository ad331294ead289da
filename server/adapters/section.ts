/**
 * Shared helpers of the adapter configuration sections (server/adapters/config.ts): each adapter folder parses its
 * own environment variables with a zod/mini schema and reports what production would refuse.
 */
import * as z from 'zod/mini';

export type Env = Record<string, string | undefined>;

/** What the sections know of the rest of the configuration. */
export interface SectionContext {
  /** SANDBOX is on: the sandbox adapters (and their /api/dev controls) are the default. */
  sandbox: boolean;
  production: boolean;
}

/** A section's variables are wrong (server/config.ts turns it into a ConfigError). */
export class AdapterConfigError extends Error {
  override name = 'AdapterConfigError';
}

/** Blank values count as unset, like the rest of server/config.ts. */
export const trimmedEnv = (env: Env, names: readonly string[]): Record<string, string | undefined> =>
  Object.fromEntries(names.map((name) => [name, env[name]?.trim() ? env[name]!.trim() : undefined]));

/** Parses with a schema whose every check carries its own message; the first problem is thrown. */
export const parseSection = <T>(schema: z.ZodMiniType<T>, input: unknown): T => {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new AdapterConfigError(issue.message);
  }
  return result.data;
};

/** An optional integer variable min..max (seconds, ms), with its own error message. */
export const intVar = (name: string, min: number, max: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,10}$/, { error: `${name} must be an integer ${min}..${max}` })),
      z.pipe(z.transform(Number), z.number().check(z.gte(min, { error: `${name} must be an integer ${min}..${max}` }), z.lte(max, { error: `${name} must be an integer ${min}..${max}` }))),
    ),
  );

/** An adapter choice among `values`. */
export const choiceVar = <const V extends readonly [string, ...string[]]>(name: string, values: V) =>
  z.optional(z.enum(values, { error: `${name} must be one of ${values.join(', ')}` }));

/**
 * The adapter in use: `chosen` is what the variable says, or the default (sandbox with SANDBOX on, else none);
 * `explicit` tells whether the variable was set (production wants an explicit choice).
 */
export interface AdapterChoice<V extends string> {
  adapter: V;
  explicit: boolean;
}

/** `sandbox` adapters live next to the /api/dev controls: they need SANDBOX on. */
export const choose = <V extends string>(name: string, raw: V | undefined, ctx: SectionContext, fallback: V): AdapterChoice<V> => {
  if (raw === 'sandbox' && !ctx.sandbox && !ctx.production) {
    throw new AdapterConfigError(`${name}=sandbox needs SANDBOX=true (its controls are under /api/dev)`);
  }
  return { adapter: raw ?? fallback, explicit: raw !== undefined };
};
