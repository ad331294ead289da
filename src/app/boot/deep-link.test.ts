import { describe, expect, it } from 'vitest';
import { deepLinkPath, followLaunchDeepLink, type DeepLinkEnvironment } from './deep-link';

const environment = (pathname: string) => {
  const values = new Map<string, string>();
  const replaced: string[] = [];
  const env: DeepLinkEnvironment = {
    location: { pathname },
    history: { state: null, replaceState: (_state: unknown, _title: string, url?: string | URL | null) => void replaced.push(String(url)) },
    storage: { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) },
  };
  return { env, replaced };
};

describe('launch deep links (startapp)', () => {
  it('an SBP return opens that payment’s result; other parameters open nothing', () => {
    expect(deepLinkPath('sbp_sbp_Ab12-_xyz')).toBe('/payment-success?paymentId=sbp_Ab12-_xyz');
    expect(deepLinkPath('ref_ANNA2024')).toBeNull();
    expect(deepLinkPath('ANNA2024')).toBeNull();
    expect(deepLinkPath('sbp_')).toBeNull();
    expect(deepLinkPath('sbp_../../wallet')).toBeNull();
    expect(deepLinkPath(undefined)).toBeNull();
  });

  it('is followed from the start page, once per session', () => {
    const { env, replaced } = environment('/');
    expect(followLaunchDeepLink('sbp_sbp_X1', env)).toBe('/payment-success?paymentId=sbp_X1');
    expect(followLaunchDeepLink('sbp_sbp_X1', env)).toBeNull(); // a reload at / later in the same session
    expect(followLaunchDeepLink('sbp_sbp_X2', env)).toBe('/payment-success?paymentId=sbp_X2'); // another payment
    expect(replaced).toEqual(['/payment-success?paymentId=sbp_X1', '/payment-success?paymentId=sbp_X2']);
  });

  it('is not followed when the app opened elsewhere (a reload on another screen)', () => {
    const { env, replaced } = environment('/cards');
    expect(followLaunchDeepLink('sbp_sbp_X1', env)).toBeNull();
    expect(replaced).toEqual([]);
  });
});
