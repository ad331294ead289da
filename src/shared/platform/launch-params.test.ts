import { describe, expect, it } from 'vitest';
import { parseLaunchParams, type ParseLaunchParamsResult } from './launch-params';

const user = { id: 42, first_name: 'Ann', last_name: 'Lee', username: 'ann', language_code: 'ru', is_premium: true };

function initData(overrides: Record<string, string | undefined> = {}): string {
  const fields: Record<string, string | undefined> = {
    user: JSON.stringify(user),
    auth_date: '1700000000',
    hash: 'ab'.repeat(32),
    signature: 'S1gnature_base64url-value',
    ...overrides,
  };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) params.set(key, value);
  return params.toString();
}

function raw(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tgWebAppPlatform: 'ios',
    tgWebAppVersion: '8.0',
    tgWebAppStartParam: 'REF123',
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', text_color: '#000000' }),
    tgWebAppData: initData(),
    ...overrides,
  };
}

function issuesOf(result: ParseLaunchParamsResult) {
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.issues;
}

describe('parseLaunchParams', () => {
  it('accepts a valid set and converts it', () => {
    const result = parseLaunchParams(raw());
    expect(result).toEqual({
      ok: true,
      value: {
        platform: 'ios',
        version: '8.0',
        startParam: 'REF123',
        themeParams: { bg_color: '#ffffff', text_color: '#000000' },
        initData: {
          user: { id: 42, firstName: 'Ann', lastName: 'Lee', username: 'ann', languageCode: 'ru', isPremium: true },
          authDate: new Date(1_700_000_000_000),
          hash: 'ab'.repeat(32),
          signature: 'S1gnature_base64url-value',
        },
      },
    });
  });

  it('accepts the raw query string Telegram puts in the URL', () => {
    const query = new URLSearchParams(raw() as Record<string, string>).toString();
    expect(parseLaunchParams(`#${query}`).ok).toBe(true);
  });

  it('converts auth_date from seconds to a Date', () => {
    const result = parseLaunchParams(raw({ tgWebAppData: initData({ auth_date: '1' }) }));
    expect(result.ok && result.value.initData.authDate.toISOString()).toBe('1970-01-01T00:00:01.000Z');
  });

  it('rejects a platform that is not a string', () => {
    expect(issuesOf(parseLaunchParams(raw({ tgWebAppPlatform: 7 })))).toEqual([
      { path: 'platform', message: 'platform must be a string, got number' },
    ]);
  });

  it('rejects a missing version', () => {
    expect(issuesOf(parseLaunchParams(raw({ tgWebAppVersion: undefined })))).toEqual([
      { path: 'version', message: 'version is required' },
    ]);
  });

  it.each(['#fff', 'red', '#gggggg', 'ffffff'])('rejects the theme colour %s', (colour) => {
    const issues = issuesOf(parseLaunchParams(raw({ tgWebAppThemeParams: JSON.stringify({ bg_color: colour }) })));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('themeParams.bg_color');
    expect(issues[0]?.message).toMatch(/6-digit hex/);
  });

  it('rejects a user id that is not a number', () => {
    const data = initData({ user: JSON.stringify({ ...user, id: '42' }) });
    expect(issuesOf(parseLaunchParams(raw({ tgWebAppData: data })))).toEqual([
      { path: 'initData.user.id', message: 'user.id must be a number, got string' },
    ]);
  });

  it('rejects a missing hash', () => {
    expect(issuesOf(parseLaunchParams(raw({ tgWebAppData: initData({ hash: undefined }) })))).toEqual([
      { path: 'initData.hash', message: 'hash is required' },
    ]);
  });

  it('rejects a missing signature', () => {
    expect(issuesOf(parseLaunchParams(raw({ tgWebAppData: initData({ signature: undefined }) })))).toEqual([
      { path: 'initData.signature', message: 'signature is required' },
    ]);
  });

  it.each(['1700000000000', '2024-01-01', '-5', 'soon'])('rejects auth_date %s (not Unix seconds)', (value) => {
    const issues = issuesOf(parseLaunchParams(raw({ tgWebAppData: initData({ auth_date: value }) })));
    expect(issues).toEqual([{ path: 'initData.auth_date', message: expect.stringMatching(/Unix time in seconds/) }]);
  });

  it('requires the user and string first_name', () => {
    expect(issuesOf(parseLaunchParams(raw({ tgWebAppData: initData({ user: undefined }) })))).toEqual([
      { path: 'initData.user', message: 'user is required' },
    ]);
    const data = initData({ user: JSON.stringify({ id: 1, first_name: 5 }) });
    expect(issuesOf(parseLaunchParams(raw({ tgWebAppData: data })))[0]?.path).toBe('initData.user.first_name');
  });

  it('reports every problem at once and never throws on garbage', () => {
    expect(issuesOf(parseLaunchParams({})).map((issue) => issue.path)).toEqual([
      'platform',
      'version',
      'themeParams',
      'initData',
    ]);
    expect(issuesOf(parseLaunchParams(raw({ tgWebAppThemeParams: '{not json' })))[0]?.path).toBe('themeParams');
  });
});
