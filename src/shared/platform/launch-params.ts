/**
 * Launch parameters validation (SPEC §1). Telegram hands the app `tgWebApp*` query parameters:
 * platform, version, start parameter, theme parameters (JSON) and init data (a query string with
 * the user as JSON). Everything is checked here before the app trusts it.
 */
import * as z from 'zod/mini';

export interface TelegramUser {
  id: number;
  firstName: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  photoUrl?: string;
  isPremium?: boolean;
  isBot?: boolean;
}

export interface InitData {
  user: TelegramUser;
  /** auth_date converted from Unix seconds. */
  authDate: Date;
  hash: string;
  signature: string;
  queryId?: string;
  chatType?: string;
  chatInstance?: string;
  startParam?: string;
}

/** Theme colour keys as Telegram sends them (`bg_color`, `text_color`, ...), each `#rrggbb`. */
export type ThemeParams = Record<string, string>;

export interface LaunchParams {
  platform: string;
  version: string;
  startParam?: string;
  themeParams: ThemeParams;
  initData: InitData;
}

export interface LaunchParamsIssue {
  /** Where the problem is, e.g. `initData.user.id` or `themeParams.bg_color`. */
  path: string;
  /** Human-readable English text for the developer-facing error screen. */
  message: string;
}

export type ParseLaunchParamsResult =
  | { ok: true; value: LaunchParams }
  | { ok: false; issues: LaunchParamsIssue[] };

/** Raw launch params: a query string, URLSearchParams, or an object with the same `tgWebApp*` keys. */
export type RawLaunchParams = string | URLSearchParams | Record<string, unknown>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A string field; `label` makes the message readable on its own. */
function requiredString(label: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be a string, got ${typeOf(issue.input)}`,
  });
}

function optionalString(label: string) {
  return z.optional(requiredString(label));
}

function optionalBoolean(label: string) {
  return z.optional(z.boolean({ error: (issue) => `${label} must be true or false, got ${typeOf(issue.input)}` }));
}

/** Accepts an object, or a JSON string holding one. */
function jsonObject(label: string, requiredMessage = `${label} is required`) {
  return z.pipe(
    z.unknown(),
    z.transform((input, ctx) => {
      if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input;
      if (typeof input === 'string') {
        try {
          const parsed: unknown = JSON.parse(input);
          if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
        } catch {
          // reported below
        }
      }
      ctx.issues.push({
        code: 'custom',
        input,
        message: input === undefined ? requiredMessage : `${label} must be a JSON object`,
      });
      return z.NEVER;
    }),
  );
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

const themeParamsSchema = z.pipe(
  jsonObject('theme parameters', 'theme parameters are required'),
  z.record(
    z.string(),
    z.string({ error: (issue) => `theme colour must be a string, got ${typeOf(issue.input)}` }).check(
      z.refine((value) => HEX_COLOR.test(value), {
        error: (issue) => `theme colour must be a 6-digit hex colour like #1c1c1e, got "${String(issue.input)}"`,
      }),
    ),
  ),
);

const userSchema = z.object(
  {
    id: z
      .number({ error: (issue) => `user.id must be a number, got ${typeOf(issue.input)}` })
      .check(z.refine((id) => Number.isSafeInteger(id) && id > 0, 'user.id must be a positive integer')),
    first_name: requiredString('user.first_name'),
    last_name: optionalString('user.last_name'),
    username: optionalString('user.username'),
    language_code: optionalString('user.language_code'),
    photo_url: optionalString('user.photo_url'),
    is_premium: optionalBoolean('user.is_premium'),
    is_bot: optionalBoolean('user.is_bot'),
  },
  { error: (issue) => (issue.input === undefined ? 'user is required' : 'user must be a JSON object') },
);

/** Unix seconds: at most 10 digits (13 digits would be milliseconds). */
const UNIX_SECONDS = /^\d{1,10}$/;

const authDateSchema = z.pipe(
  requiredString('auth_date').check(
    z.refine((value) => UNIX_SECONDS.test(value) && Number(value) > 0, {
      error: (issue) => `auth_date must be a Unix time in seconds, got "${String(issue.input)}"`,
    }),
  ),
  z.transform((value) => new Date(Number(value) * 1000)),
);

/** Init data is a query string; `user` inside it is JSON. Objects are accepted as already decoded. */
const initDataInput = z.pipe(
  z.unknown(),
  z.transform((input, ctx) => {
    let fields: Record<string, unknown>;
    if (typeof input === 'string' || input instanceof URLSearchParams) {
      fields = Object.fromEntries(new URLSearchParams(input));
    } else if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
      fields = { ...(input as Record<string, unknown>) };
    } else {
      ctx.issues.push({
        code: 'custom',
        input,
        message: input === undefined ? 'init data is required' : 'init data must be a query string',
      });
      return z.NEVER;
    }
    if (typeof fields.user === 'string') {
      try {
        fields.user = JSON.parse(fields.user);
      } catch {
        ctx.issues.push({ code: 'custom', input: fields.user, path: ['user'], message: 'user must be a JSON object' });
        return z.NEVER;
      }
    }
    return fields;
  }),
);

const initDataSchema = z.pipe(
  initDataInput,
  z.object({
    user: userSchema,
    auth_date: authDateSchema,
    hash: requiredString('hash').check(
      z.refine((value) => /^[0-9a-f]{64}$/i.test(value), 'hash must be a 64-character hex string'),
    ),
    signature: requiredString('signature').check(
      z.refine((value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value), 'signature must be a base64url string'),
    ),
    query_id: optionalString('query_id'),
    chat_type: optionalString('chat_type'),
    chat_instance: optionalString('chat_instance'),
    start_param: optionalString('start_param'),
  }),
);

/** The whole schema, over the raw `tgWebApp*` keys. */
export const launchParamsSchema = z.object({
  tgWebAppPlatform: requiredString('platform').check(z.minLength(1, 'platform must not be empty')),
  tgWebAppVersion: requiredString('version').check(
    z.regex(/^\d+(\.\d+)*$/, 'version must look like "6.7" or "8.0"'),
  ),
  tgWebAppStartParam: optionalString('start parameter'),
  tgWebAppThemeParams: themeParamsSchema,
  tgWebAppData: initDataSchema,
});

type SchemaOutput = z.output<typeof launchParamsSchema>;

function toLaunchParams(data: SchemaOutput): LaunchParams {
  const { user, ...init } = data.tgWebAppData;
  const initData: InitData = {
    user: dropUndefined({
      id: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      username: user.username,
      languageCode: user.language_code,
      photoUrl: user.photo_url,
      isPremium: user.is_premium,
      isBot: user.is_bot,
    }) as TelegramUser,
    authDate: init.auth_date,
    hash: init.hash,
    signature: init.signature,
    ...dropUndefined({
      queryId: init.query_id,
      chatType: init.chat_type,
      chatInstance: init.chat_instance,
      startParam: init.start_param,
    }),
  };
  return {
    platform: data.tgWebAppPlatform,
    version: data.tgWebAppVersion,
    ...(data.tgWebAppStartParam === undefined ? {} : { startParam: data.tgWebAppStartParam }),
    themeParams: data.tgWebAppThemeParams,
    initData,
  };
}

function dropUndefined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const PATH_NAMES: Record<string, string> = {
  tgWebAppPlatform: 'platform',
  tgWebAppVersion: 'version',
  tgWebAppStartParam: 'startParam',
  tgWebAppThemeParams: 'themeParams',
  tgWebAppData: 'initData',
};

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path.map((key, index) => (index === 0 ? (PATH_NAMES[String(key)] ?? String(key)) : String(key))).join('.');
}

/** Turns a query string / URLSearchParams / object into the object the schema reads. */
function toRawObject(raw: RawLaunchParams): Record<string, unknown> {
  if (typeof raw === 'string' || raw instanceof URLSearchParams) {
    const params = new URLSearchParams(typeof raw === 'string' ? raw.replace(/^[?#]/, '') : raw);
    return Object.fromEntries(params);
  }
  return raw;
}

/** Validates launch parameters. Never throws. */
export function parseLaunchParams(raw: RawLaunchParams): ParseLaunchParamsResult {
  let input: Record<string, unknown>;
  try {
    input = toRawObject(raw);
  } catch {
    return { ok: false, issues: [{ path: '(root)', message: 'launch parameters could not be read' }] };
  }
  const result = z.safeParse(launchParamsSchema, input);
  if (result.success) return { ok: true, value: toLaunchParams(result.data) };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
  };
}
