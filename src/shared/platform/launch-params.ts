/**
 * Launch parameters validation (SPEC §1). Telegram hands the app `tgWebApp*` query parameters:
 * platform, version, start parameter, theme parameters (JSON) and init data (a query string with
 * the user as JSON). Everything is checked here before the app trusts it.
 *
 * With valibot, not zod (issue #13, docs/performance.md "Bundle budget"): this check runs before the first
 * screen, and the Telegram SDK in the entry chunk already ships valibot (the same copy, `valibot` 1.0.0),
 * so the schema below costs ~1 KB gzip where zod/mini's core cost ~7 KB on every first screen. The API
 * contract (src/shared/contract) stays zod/mini: it loads with the data screens.
 */
import * as v from 'valibot';

interface TelegramUser {
  id: number;
  firstName: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  photoUrl?: string;
  isPremium?: boolean;
  isBot?: boolean;
}

interface InitData {
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
type ThemeParams = Record<string, string>;

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

/**
 * An object's own message: for a missing key (valibot reports it on the object, with the key as its path)
 * `required[key]`, else `notObject`.
 */
function objectMessage(required: Record<string, string>, notObject: string) {
  return (issue: v.BaseIssue<unknown>) => {
    const key = issue.path?.[0]?.key;
    return typeof key === 'string' && required[key] ? required[key] : notObject;
  };
}

/** A string field; `label` makes the message readable on its own. */
function requiredString(label: string) {
  return v.string((issue) =>
    issue.input === undefined ? `${label} is required` : `${label} must be a string, got ${typeOf(issue.input)}`,
  );
}

function optionalString(label: string) {
  return v.optional(requiredString(label));
}

function optionalBoolean(label: string) {
  return v.optional(v.boolean((issue) => `${label} must be true or false, got ${typeOf(issue.input)}`));
}

/** Accepts an object, or a JSON string holding one. */
function jsonObject(label: string, requiredMessage = `${label} is required`) {
  return v.rawTransform<unknown, Record<string, unknown>>(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
    if (typeof input === 'string') {
      try {
        const parsed: unknown = JSON.parse(input);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // reported below
      }
    }
    addIssue({ message: input === undefined ? requiredMessage : `${label} must be a JSON object` });
    return NEVER;
  });
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

const themeParamsSchema = v.pipe(
  v.unknown(),
  jsonObject('theme parameters', 'theme parameters are required'),
  v.record(
    v.string(),
    v.pipe(
      v.string((issue) => `theme colour must be a string, got ${typeOf(issue.input)}`),
      v.check(
        (value) => HEX_COLOR.test(value),
        (issue) => `theme colour must be a 6-digit hex colour like #1c1c1e, got "${String(issue.input)}"`,
      ),
    ),
  ),
);

const userSchema = v.object(
  {
    id: v.pipe(
      v.number((issue) => `user.id must be a number, got ${typeOf(issue.input)}`),
      v.check((id) => Number.isSafeInteger(id) && id > 0, 'user.id must be a positive integer'),
    ),
    first_name: requiredString('user.first_name'),
    last_name: optionalString('user.last_name'),
    username: optionalString('user.username'),
    language_code: optionalString('user.language_code'),
    photo_url: optionalString('user.photo_url'),
    is_premium: optionalBoolean('user.is_premium'),
    is_bot: optionalBoolean('user.is_bot'),
  },
  objectMessage({ id: 'user.id is required', first_name: 'user.first_name is required' }, 'user must be a JSON object'),
);

/** Unix seconds: at most 10 digits (13 digits would be milliseconds). */
const UNIX_SECONDS = /^\d{1,10}$/;

const authDateSchema = v.pipe(
  requiredString('auth_date'),
  v.check(
    (value) => UNIX_SECONDS.test(value) && Number(value) > 0,
    (issue) => `auth_date must be a Unix time in seconds, got "${String(issue.input)}"`,
  ),
  v.transform((value) => new Date(Number(value) * 1000)),
);

/** Init data is a query string; `user` inside it is JSON. Objects are accepted as already decoded. */
const initDataInput = v.rawTransform<unknown, Record<string, unknown>>(({ dataset, addIssue, NEVER }) => {
  const input = dataset.value;
  let fields: Record<string, unknown>;
  if (typeof input === 'string' || input instanceof URLSearchParams) {
    fields = Object.fromEntries(new URLSearchParams(input));
  } else if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    fields = { ...(input as Record<string, unknown>) };
  } else {
    addIssue({ message: input === undefined ? 'init data is required' : 'init data must be a query string' });
    return NEVER;
  }
  if (typeof fields.user === 'string') {
    try {
      fields.user = JSON.parse(fields.user);
    } catch {
      addIssue({
        message: 'user must be a JSON object',
        path: [{ type: 'object', origin: 'value', input: fields, key: 'user', value: fields.user }],
      });
      return NEVER;
    }
  }
  return fields;
});

const initDataSchema = v.pipe(
  v.unknown(),
  initDataInput,
  v.object(
    {
      user: userSchema,
      auth_date: authDateSchema,
      hash: v.pipe(requiredString('hash'), v.regex(/^[0-9a-f]{64}$/i, 'hash must be a 64-character hex string')),
      signature: v.pipe(requiredString('signature'), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'signature must be a base64url string')),
      query_id: optionalString('query_id'),
      chat_type: optionalString('chat_type'),
      chat_instance: optionalString('chat_instance'),
      start_param: optionalString('start_param'),
    },
    objectMessage(
      { user: 'user is required', auth_date: 'auth_date is required', hash: 'hash is required', signature: 'signature is required' },
      'init data must be a query string',
    ),
  ),
);

/** The whole schema, over the raw `tgWebApp*` keys. */
const launchParamsSchema = v.object(
  {
    tgWebAppPlatform: v.pipe(requiredString('platform'), v.minLength(1, 'platform must not be empty')),
    tgWebAppVersion: v.pipe(requiredString('version'), v.regex(/^\d+(\.\d+)*$/, 'version must look like "6.7" or "8.0"')),
    tgWebAppStartParam: optionalString('start parameter'),
    tgWebAppThemeParams: themeParamsSchema,
    tgWebAppData: initDataSchema,
  },
  objectMessage(
    {
      tgWebAppPlatform: 'platform is required',
      tgWebAppVersion: 'version is required',
      tgWebAppThemeParams: 'theme parameters are required',
      tgWebAppData: 'init data is required',
    },
    'launch parameters must be an object',
  ),
);

type SchemaOutput = v.InferOutput<typeof launchParamsSchema>;

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
  const result = v.safeParse(launchParamsSchema, input);
  if (result.success) return { ok: true, value: toLaunchParams(result.output) };
  return {
    ok: false,
    issues: result.issues.map((issue) => ({ path: formatPath((issue.path ?? []).map((item) => item.key as PropertyKey)), message: issue.message })),
  };
}
