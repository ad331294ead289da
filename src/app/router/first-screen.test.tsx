import { describe, expect, it, vi } from 'vitest';
import { skipWelcomeWhenSignedIn } from './routes';
import type { ScreenRoute } from './screens';

const stub = (path: string, layout: ScreenRoute['layout']): ScreenRoute => ({ path, layout, load: async () => () => null });
const screens = [stub('/', 'auth'), stub('/signin', 'auth'), stub('/wallet', 'app'), stub('/cards', 'app'), stub('/verification', 'auth')];

/** Boot's view of the URL: where the app was opened, and the history it may replace the entry of. */
function openedAt(url: string) {
  const parsed = new URL(url, 'https://app.example');
  const location = { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash } as Location;
  const history = { state: { idx: 0 }, replaceState: vi.fn() } as unknown as History & { replaceState: ReturnType<typeof vi.fn> };
  skipWelcomeWhenSignedIn(location, history, screens);
  return history.replaceState.mock.calls.map(([state, , to]) => ({ state, to }));
}

describe('skipWelcomeWhenSignedIn (boot, a signed-in start)', () => {
  it("opened at the root, as Telegram opens the Mini App: on to the wallet before the first screen is chosen, the launch parameters kept", () => {
    expect(openedAt('/#tgWebAppData=user%3D1&tgWebAppVersion=9.1')).toEqual([
      { state: { idx: 0 }, to: '/wallet#tgWebAppData=user%3D1&tgWebAppVersion=9.1' },
    ]);
    // Outside Telegram the dev mock reads its settings from the query.
    expect(openedAt('/?tgMockVersion=9.0')).toEqual([{ state: { idx: 0 }, to: '/wallet?tgMockVersion=9.0' }]);
  });

  it('every other screen is left to the guards (a sign-in screen with somewhere to return to included)', () => {
    for (const url of ['/wallet', '/cards?x=1', '/verification', '/signin?returnTo=%2Fcards', '/no-such-screen']) expect(openedAt(url), url).toEqual([]);
  });
});
