/**
 * Building blocks of the configuration schema (server/config/index.ts): one zod schema per environment variable.
 * Each takes the raw value (trimmed; empty = unset) and answers the typed value or refuses it with a message that
 * the loader prefixes with the variable's name ("PORT must be an integer 0..65535, got "x"").
 */
import { z } from 'zod';

/** What docs/server.md shows for a variable: its default and what it means. */
export interface VarDoc {
  /** The default as shown in the docs ("3000", "on unless production"); unset = "—". */
  default?: string;
  doc: string;
}

/** Thrown by a variable's parser: the value is refused (message without the variable's name). */
export class Invalid extends Error {}

/** A variable of the environment with its parser; `raw` is trimmed, undefined when unset or blank. */
export const variable = <T>(meta: VarDoc, parse: (raw: string | undefined) => T) =>
  z
    .string()
    .optional()
    .transform((input, ctx): T => {
      try {
        return parse(input?.trim() || undefined);
      } catch (error) {
        if (!(error instanceof Invalid)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    })
    .meta({ description: meta.doc, shownDefault: meta.default ?? '—' });

type Var<T> = ReturnType<typeof variable<T>>;

const checkInt = (raw: string, min: number, max: number): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Invalid(`must be an integer ${min}..${max}, got "${raw}"`);
  return n;
};

/** Major units with up to 2 decimals ("100", "1.50") → minor units; 0 < amount ≤ maxMajor. */
export const parseMajorAmount = (raw: string, maxMajor: number): number | undefined => {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(raw);
  const minor = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  return Number.isSafeInteger(minor) && minor > 0 && minor <= maxMajor * 100 ? minor : undefined;
};

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** The variable kinds; each is one line in a section (server/config/<section>.ts). */
export const v = {
  /** Free text; undefined when unset. */
  text: (meta: VarDoc) => variable(meta, (raw) => raw),
  /** Free text with a default. */
  textOr: (fallback: string, meta: Omit<VarDoc, 'default'>) => variable({ default: fallback, ...meta }, (raw) => raw ?? fallback),
  /** An integer min..max; `fallback` when unset (undefined: no default, the consumer decides). */
  int: <F extends number | undefined>(fallback: F, min: number, max: number, meta: VarDoc) =>
    variable({ default: fallback === undefined ? undefined : String(fallback), ...meta }, (raw): number | F =>
      raw === undefined ? fallback : checkInt(raw, min, max),
    ),
  /** true/false (also 1/0, yes/no, on/off); undefined when unset. */
  flag: (meta: VarDoc) =>
    variable(meta, (raw): boolean | undefined => {
      if (raw === undefined) return undefined;
      const value = raw.toLowerCase();
      if (TRUE.includes(value)) return true;
      if (FALSE.includes(value)) return false;
      throw new Invalid(`must be true or false, got "${value}"`);
    }),
  /** A token of at least `min` characters; undefined when unset. */
  token: (min: number, meta: VarDoc) =>
    variable(meta, (raw) => {
      if (raw !== undefined && raw.length < min) throw new Invalid(`must be at least ${min} characters`);
      return raw;
    }),
  /** A money amount in major units (up to 2 decimals) → minor units. */
  money: (fallbackMinor: number, maxMajor: number, meta: VarDoc) =>
    variable(meta, (raw) => {
      if (raw === undefined) return fallbackMinor;
      const minor = parseMajorAmount(raw, maxMajor);
      if (minor === undefined) throw new Invalid(`must be a positive amount in major units (e.g. 100 or 1.50) up to ${maxMajor}, got "${raw}"`);
      return minor;
    }),
  /** One of `values` (an adapter choice); undefined when unset (the section decides the default). */
  oneOf: <const V extends readonly [string, ...string[]]>(values: V, meta: VarDoc) =>
    variable(meta, (raw): V[number] | undefined => {
      if (raw !== undefined && !values.includes(raw)) throw new Invalid(`must be one of ${values.join(', ')}, got "${raw}"`);
      return raw;
    }),
  /** Comma-separated origins (`https://api.example.com`); anything with a path or another scheme is refused. */
  origins: (meta: VarDoc) => variable(meta, (raw) => parseOrigins(raw ?? '')),
};

export const parseOrigins = (raw: string): string[] =>
  raw
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        // refused below
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
        throw new Invalid(`must be a comma-separated list of origins like https://api.example.com, got "${value}"`);
      }
      return url.origin;
    });
