import { describe, expect, it } from 'vitest';
import { WALLET_FAILURE_CODES } from '../lib/failure-reason';
import en from './locales/en.json';
import ru from './locales/ru.json';

describe.each([
  ['en', en],
  ['ru', ru],
] as const)('the money sheets\' shared words (%s)', (_, words) => {
  it('explain every wallet failure code (lib/failure-reason.ts picks them at run time)', () => {
    for (const code of WALLET_FAILURE_CODES) expect((words.failureReasons as Record<string, string>)[code], code).toEqual(expect.any(String));
  });
});
