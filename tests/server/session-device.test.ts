import { describe, expect, it } from 'vitest';
import { parseCountry, parseTelegramClient, summarizeUserAgent } from '../../server/modules/auth/device';

describe('summarizeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge 131 · Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 'Safari 17 · macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 · Linux'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome 131 · iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 131 · Linux'],
    ['Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) YaBrowser/24.10.1 Mobile Safari/537.36', 'Yandex Browser 24 · Android'],
    ['Mozilla/5.0 (Windows NT 10.0)', 'Windows'],
    ['curl/8.5.0', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (ua, expected) => expect(summarizeUserAgent(ua)).toBe(expected));
});

describe('parseTelegramClient / parseCountry', () => {
  it('accepts platform/version and nothing else', () => {
    expect(parseTelegramClient('ios/8.0')).toEqual({ platform: 'ios', clientVersion: '8.0' });
    expect(parseTelegramClient('tdesktop/9.1.2')).toEqual({ platform: 'tdesktop', clientVersion: '9.1.2' });
    expect(parseTelegramClient('weba')).toEqual({ platform: 'weba', clientVersion: null });
    expect(parseTelegramClient('ios/8.0/extra')).toEqual({ platform: null, clientVersion: null });
    expect(parseTelegramClient('IOS/<b>')).toEqual({ platform: null, clientVersion: null });
    expect(parseTelegramClient('android/1e9')).toEqual({ platform: 'android', clientVersion: null });
    expect(parseTelegramClient(undefined)).toEqual({ platform: null, clientVersion: null });
  });
  it('country codes: two letters, not unknown or Tor', () => {
    expect(parseCountry('ru')).toBe('RU');
    expect(parseCountry('XX')).toBeNull();
    expect(parseCountry('T1')).toBeNull();
    expect(parseCountry('RUS')).toBeNull();
    expect(parseCountry(undefined)).toBeNull();
  });
});
