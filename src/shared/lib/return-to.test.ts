import { describe, expect, it } from 'vitest';
import { buildSignInPath, getReturnTo, sanitizeReturnTo } from './return-to';

describe('returnTo', () => {
  it('builds a sign-in path that carries the target', () => {
    expect(buildSignInPath('/cards/42?tab=ops')).toBe('/signin?returnTo=%2Fcards%2F42%3Ftab%3Dops');
    expect(getReturnTo('?returnTo=%2Fcards%2F42%3Ftab%3Dops')).toBe('/cards/42?tab=ops');
  });

  it('falls back to the wallet without a usable target', () => {
    expect(getReturnTo('')).toBe('/wallet');
    expect(getReturnTo('?returnTo=')).toBe('/wallet');
    expect(buildSignInPath('/')).toBe('/signin');
  });

  it.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'wallet', '/signin?returnTo=/x', '/signup', '/'])(
    'rejects %s',
    (value) => {
      expect(sanitizeReturnTo(value)).toBeNull();
    },
  );
});
