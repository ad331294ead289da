/**
 * The result type every bridge wrapper resolves with. Wrappers never throw:
 * failures become `{ ok: false, error }` with an i18n key the UI can show as is.
 */

export type BridgeErrorKind =
  | 'unsupported' // the running Telegram version (or device) lacks the capability
  | 'outside' // not inside Telegram, or the SDK was not initialised
  | 'concurrent' // the same native dialog is already open
  | 'invalid' // the arguments broke a platform limit
  | 'timeout' // no answer in time
  | 'cancelled' // the user closed or declined
  | 'failed'; // anything else

export interface BridgeError {
  kind: BridgeErrorKind;
  /** Full i18n key including the namespace, e.g. `platform:errors.unsupported`. */
  messageKey: string;
  /** Developer detail (the SDK's message); never shown to users. */
  detail?: string;
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** Generic message key of each error kind (the "platform" namespace). */
export const ERROR_MESSAGE_KEYS: Record<BridgeErrorKind, string> = {
  unsupported: 'platform:errors.unsupported',
  outside: 'platform:errors.outside',
  concurrent: 'platform:errors.concurrent',
  invalid: 'platform:errors.invalid',
  timeout: 'platform:errors.timeout',
  cancelled: 'platform:errors.cancelled',
  failed: 'platform:errors.failed',
};

export function ok<T>(value: T): BridgeResult<T> {
  return { ok: true, value };
}

export function fail<T = never>(
  kind: BridgeErrorKind,
  messageKey: string = ERROR_MESSAGE_KEYS[kind],
  detail?: string,
): BridgeResult<T> {
  return { ok: false, error: detail === undefined ? { kind, messageKey } : { kind, messageKey, detail } };
}

function errorName(e: unknown): string {
  return e instanceof Error ? e.name : typeof e === 'object' && e && 'name' in e ? String(e.name) : '';
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Maps anything the SDK throws or rejects with to a BridgeError.
 * Matches on `error.name` (never instanceof): the SDK bundles its own valibot and
 * error classes, and they may come from a different copy than ours.
 */
export function toBridgeError(e: unknown): BridgeError {
  const name = errorName(e);
  const detail = errorMessage(e);
  const make = (kind: BridgeErrorKind, messageKey = ERROR_MESSAGE_KEYS[kind]): BridgeError => ({
    kind,
    messageKey,
    detail,
  });
  switch (name) {
    // The SDK exports it as FunctionUnavailableError; the class name is FunctionNotAvailableError.
    case 'FunctionNotAvailableError':
    case 'FunctionUnavailableError':
      if (/unsupported|not supported/i.test(detail)) return make('unsupported');
      if (/outside Mini Apps|not initialized/i.test(detail)) return make('outside');
      return make('failed');
    case 'UnknownEnvError':
      return make('outside');
    case 'MethodUnsupportedError':
    case 'MethodParameterUnsupportedError':
      return make('unsupported');
    case 'NotAvailableError':
      return make('unsupported', 'platform:errors.notAvailableOnDevice');
    case 'ConcurrentCallError':
      return make('concurrent');
    case 'InvalidArgumentsError':
    case 'ValiError':
      return make('invalid');
    case 'TimeoutError':
      return make('timeout');
    case 'CancelledError':
      return make('cancelled');
    case 'AccessDeniedError':
      return make('cancelled', 'platform:errors.accessDenied');
    default:
      return make('failed');
  }
}

/** Runs an SDK call and converts every throw/rejection into a BridgeResult. */
export async function settle<T>(run: () => T | PromiseLike<T>): Promise<BridgeResult<T>> {
  try {
    return ok(await run());
  } catch (e) {
    return { ok: false, error: toBridgeError(e) };
  }
}

/** Rejects with a TimeoutError-named error after `ms` unless `promise` settles first. */
export function withTimeout<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`No answer from Telegram in ${ms} ms`);
      error.name = 'TimeoutError';
      reject(error);
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
