import { z } from 'zod';
import { Invalid } from './vars';

export type Env = Record<string, string | undefined>;
export type NodeEnv = 'development' | 'production' | 'test';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What every section may depend on: resolved by the core section first. */
export interface SectionContext {
  nodeEnv: NodeEnv;
  sandbox: boolean;
  jwtSecret: string;
}

/**
 * One section of the configuration (server/config/index.ts composes them): its variables (a zod shape, one line
 * each, documented with their `VarDoc`), how they become the section's typed settings, and the production
 * refusals they add (one line per problem, listed together with the core ones).
 */
export interface Section<S extends z.ZodRawShape, T> {
  vars: z.ZodObject<S>;
  /** Typed settings from the parsed variables; throws `Invalid` (whole message) for rules across variables. */
  resolve: (values: z.output<z.ZodObject<S>>, context: SectionContext) => T;
  production?: (values: z.output<z.ZodObject<S>>, context: SectionContext) => string[];
}

export const defineSection = <S extends z.ZodRawShape, T>(
  vars: S,
  resolve: Section<S, T>['resolve'],
  production?: Section<S, T>['production'],
): Section<S, T> => ({ vars: z.object(vars), resolve, production });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SettingsOf<X> = X extends { resolve: (...args: any[]) => infer T } ? T : never;

/** Parses a zod object of variables; every refused variable is one line "NAME message" of the thrown error. */
export const parseVars = <S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  env: Env,
  makeError: (message: string) => Error = (message) => new ConfigError(message),
): z.output<z.ZodObject<S>> => {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw makeError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('\n'));
};

/** A section's settings from the environment alone (the section's own tests and tools); errors as `makeError`. */
export const loadSection = <S extends z.ZodRawShape, T>(
  section: Section<S, T>,
  env: Env,
  context: SectionContext = { nodeEnv: 'development', sandbox: false, jwtSecret: '' },
  makeError: (message: string) => Error = (message) => new ConfigError(message),
): T => {
  const values = parseVars(section.vars, env, makeError);
  const problems = context.nodeEnv === 'production' ? (section.production?.(values, context) ?? []) : [];
  if (problems.length) throw makeError(problems.join('\n'));
  return resolveSection(section, values, context, makeError);
};

export const resolveSection = <S extends z.ZodRawShape, T>(
  section: Section<S, T>,
  values: z.output<z.ZodObject<S>>,
  context: SectionContext,
  makeError: (message: string) => Error = (message) => new ConfigError(message),
): T => {
  try {
    return section.resolve(values, context);
  } catch (error) {
    if (error instanceof Invalid) throw makeError(error.message);
    throw error;
  }
};
