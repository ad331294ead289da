import { invalidDataError } from '@farfetched/core';
import { describe, expect, test } from 'vitest';
import { toErrorMessage } from './error-message';
import {
  authExpiredError,
  cancelledError,
  fetchFailedError,
  httpStatusError,
  isOutcomeUnknown,
  parseError,
  requestTimeoutError,
  serverError,
  stringBodyError,
} from './http/errors';
import { toMutationState, toQueryState } from './state';
import en from '@/shared/i18n/locales/en/errors.json';
import ru from '@/shared/i18n/locales/ru/errors.json';

const FETCH_WALLET = 'errors:wallet.fetchWalletFailed';

describe('toErrorMessage', () => {
  test('transport problems the user can act on come first', () => {
    expect(toErrorMessage(requestTimeoutError(), FETCH_WALLET).keys).toEqual([
      'errors:transport.timeout',
      FETCH_WALLET,
      'errors:general.error',
    ]);
    expect(toErrorMessage(fetchFailedError(new TypeError('x'))).keys[0]).toBe('errors:transport.network');
    expect(toErrorMessage(authExpiredError()).keys[0]).toBe('errors:transport.authExpired');
    expect(toErrorMessage(cancelledError()).keys[0]).toBe('errors:transport.cancelled');
  });

  test('server errors: the code, then the operation message, then "An error occurred"', () => {
    const error = serverError({ status: 422, statusText: '', response: null, service: 'wallet', code: 'VALIDATION_ERROR', message: 'm' });
    expect(toErrorMessage(error, FETCH_WALLET)).toEqual({
      keys: ['error-codes:VALIDATION_ERROR', FETCH_WALLET, 'errors:general.error'],
      defaultValue: 'An error occurred',
    });
    expect(toErrorMessage(stringBodyError(500, 'text'), FETCH_WALLET).keys).toEqual([FETCH_WALLET, 'errors:general.error']);
  });

  test('bad responses: the operation message, then "Failed to fetch data"', () => {
    expect(toErrorMessage(httpStatusError(502, 'Bad Gateway', null)).keys).toEqual(['errors:general.fetchFailed']);
    expect(toErrorMessage(parseError('x'), FETCH_WALLET).keys).toEqual([FETCH_WALLET, 'errors:transport.parse', 'errors:general.fetchFailed']);
    expect(toErrorMessage(invalidDataError({ validationErrors: [], response: null })).keys).toEqual([
      'errors:transport.parse',
      'errors:general.fetchFailed',
    ]);
  });

  test('anything else: "An unknown error occurred"', () => {
    expect(toErrorMessage(new Error('bug'))).toEqual({ keys: ['errors:general.unknown'], defaultValue: 'An unknown error occurred' });
  });

  test('every key the helper can return exists in en and ru', () => {
    const get = (tree: unknown, key: string) =>
      key.replace(/^errors:/, '').split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    const keys = [
      'general.error', 'general.fetchFailed', 'general.unknown',
      'transport.network', 'transport.timeout', 'transport.cancelled', 'transport.parse', 'transport.authExpired',
      'wallet.fetchWalletFailed',
    ];
    for (const key of keys) {
      expect(typeof get(en, key), `en ${key}`).toBe('string');
      expect(typeof get(ru, key), `ru ${key}`).toBe('string');
    }
    expect(get(en, 'general.error')).toBe('An error occurred');
    expect(get(en, 'transport.authExpired')).toBe('Authentication expired. Please log in again.');
  });
});

describe('isOutcomeUnknown (may a money-moving call have happened without the client knowing?)', () => {
  test('timeout, dropped connection, unreadable answer, any 5xx: unknown', () => {
    expect(isOutcomeUnknown(requestTimeoutError())).toBe(true);
    expect(isOutcomeUnknown(fetchFailedError(new TypeError('Failed to fetch')))).toBe(true);
    expect(isOutcomeUnknown(parseError('body is not JSON', 200))).toBe(true);
    expect(isOutcomeUnknown(httpStatusError(504, 'Gateway Timeout', null))).toBe(true);
    expect(isOutcomeUnknown(serverError({ status: 500, statusText: '', response: null, service: 'api', code: 'INTERNAL', message: 'm' }))).toBe(true);
  });

  test('a definite answer or a call the user cancelled: known', () => {
    expect(isOutcomeUnknown(serverError({ status: 409, statusText: '', response: null, service: 'wallet', code: 'QUOTE_EXPIRED', message: 'm' }))).toBe(false);
    expect(isOutcomeUnknown(stringBodyError(400, 'bad'))).toBe(false);
    expect(isOutcomeUnknown(authExpiredError())).toBe(false);
    expect(isOutcomeUnknown(cancelledError())).toBe(false);
    expect(isOutcomeUnknown(new Error('bug'))).toBe(false);
  });
});

describe('UI states (SPEC §4)', () => {
  test('queries: pending, success, error ("initial" = no data yet = pending)', () => {
    expect(['initial', 'pending', 'done', 'fail'].map((s) => toQueryState(s as never))).toEqual(['pending', 'pending', 'success', 'error']);
  });
  test('mutations: idle, pending, success, error', () => {
    expect(['initial', 'pending', 'done', 'fail'].map((s) => toMutationState(s as never))).toEqual(['idle', 'pending', 'success', 'error']);
  });
});
