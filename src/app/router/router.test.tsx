import type { ComponentType } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fork } from 'effector';
import { Provider } from 'effector-react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { $accessToken } from '@/entities/session';
import { defineTexts, i18n, initI18n } from '@/shared/i18n';
import { AppRoutes, preloadScreen, screenComponent, screenReady } from './routes';
import { screens, type ScreenRoute } from './screens';

const stub = (path: string, layout: ScreenRoute['layout'], text: string): ScreenRoute => ({
  path,
  layout,
  load: async () => () => <h1>{text}</h1>,
});
const stubs: ScreenRoute[] = [
  stub('/signin', 'auth', 'Sign in screen'),
  stub('/wallet', 'app', 'Wallet screen'),
  stub('/cards/:cardId', 'protected', 'Card screen'),
];
/** The real table (Welcome …) with stubs in place of the screens these tests navigate to. */
const testScreens: ScreenRoute[] = [...screens.filter((s) => !stubs.some((x) => x.path === s.path)), ...stubs];

/** The current location, as `router.state.location` of a data router would give it. */
function LocationProbe({ into }: { into: { location: Location | null } }) {
  into.location = useLocation();
  return null;
}

function renderAt(path: string, { signedIn = false, list = testScreens } = {}) {
  const scope = fork({ values: [[$accessToken, signedIn ? 'token' : null]] });
  const probe: { location: Location | null } = { location: null };
  render(
    <Provider value={scope}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes screens={list} />
        <LocationProbe into={probe} />
      </MemoryRouter>
    </Provider>,
  );
  return {
    state: {
      get location(): Location {
        if (!probe.location) throw new Error('not rendered');
        return probe.location;
      },
    },
  };
}

describe('router', () => {
  beforeAll(() => initI18n({ navigatorLanguages: ['en'] }));
  afterEach(cleanup);

  it('"/" lazily renders Welcome', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tonic Wallet' })).toBeTruthy();
  });

  it('an unknown path redirects to "/"', async () => {
    const router = renderAt('/no/such/screen');
    expect(await screen.findByRole('heading', { name: 'Tonic Wallet' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/main redirects to /wallet', async () => {
    const router = renderAt('/main', { signedIn: true });
    expect(await screen.findByText('Wallet screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wallet');
  });

  it('a signed-out user is sent to /signin?returnTo=…', async () => {
    const router = renderAt('/cards/42?tab=ops');
    expect(await screen.findByText('Sign in screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/cards/42?tab=ops');
  });

  it('a signed-in user opening /signin?returnTo goes back there', async () => {
    const router = renderAt('/signin?returnTo=%2Fcards%2F42', { signedIn: true });
    expect(await screen.findByText('Card screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cards/42');
  });

  it('the app layout shows the tab bar with the active tab marked', async () => {
    renderAt('/wallet', { signedIn: true });
    await screen.findByText('Wallet screen');
    const nav = screen.getByRole('navigation', { name: 'Main sections' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Wallet');
  });

  it('outside Telegram a non-root screen gets an in-page back button', async () => {
    renderAt('/cards/42', { signedIn: true });
    await screen.findByText('Card screen');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it("while a screen's chunk loads, its layout shows the skeleton; then the screen", async () => {
    let finish: (component: ComponentType) => void = () => undefined;
    const slow: ScreenRoute = {
      path: '/signin',
      layout: 'auth',
      load: () => new Promise((resolve) => (finish = resolve)),
    };
    renderAt('/signin', { list: [...testScreens.filter((s) => s.path !== '/signin'), slow] });
    expect(await screen.findByTestId('screen-skeleton')).toBeTruthy();
    await act(async () => finish(() => <h1>Slow screen</h1>));
    expect(await screen.findByText('Slow screen')).toBeTruthy();
    expect(screen.queryByTestId('screen-skeleton')).toBeNull();
  });

  it('a screen that fails to render shows the recovery screen; "Go to start" goes to "/"', async () => {
    const broken: ScreenRoute = {
      path: '/signin',
      layout: 'auth',
      load: async () => () => {
        throw new Error('broken screen');
      },
    };
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAt('/signin', { list: [...testScreens.filter((s) => s.path !== '/signin'), broken] });
    fireEvent.click(await screen.findByRole('button', { name: 'Go to start' }));
    expect(await screen.findByRole('heading', { name: 'Tonic Wallet' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    spy.mockRestore();
  });

  it("a route's namespaces are there when its screen first renders", async () => {
    const withNamespaces: ScreenRoute = {
      path: '/signin',
      layout: 'auth',
      namespaces: ['errors'],
      load: async () => () => <p>{i18n.t('errors:general.fetchFailed')}</p>,
    };
    renderAt('/signin', { list: [...testScreens.filter((s) => s.path !== '/signin'), withNamespaces] });
    expect(await screen.findByText('Failed to fetch data')).toBeTruthy();
  });

  it("a first screen waits for the texts its chunk declares (defineTexts) too: it renders once, with them", async () => {
    let release!: () => void;
    const textsArrive = new Promise<void>((resolve) => (release = resolve));
    const withSliceTexts: ScreenRoute = {
      path: '/wallet',
      layout: 'app',
      load: async () => {
        // What a chunk does as it runs: its slices declare their texts (a file that takes its time to arrive).
        const texts = defineTexts('test-screen-slice', {
          en: () => textsArrive.then(() => ({ default: { title: 'Texts of the slice' } })),
          ru: () => textsArrive.then(() => ({ default: { title: 'Тексты слайса' } })),
        });
        return () => <h1>{i18n.t(`${texts.ns}:title`)}</h1>;
      },
    };
    const list: ScreenRoute[] = [...testScreens.filter((s) => s.path !== '/wallet'), withSliceTexts];
    const ready = screenReady('/wallet', list);
    await new Promise((resolve) => setTimeout(resolve, 10));
    renderAt('/wallet', { signedIn: true, list });
    expect(screen.getByTestId('screen-skeleton')).toBeTruthy();
    await act(async () => release());
    await ready;
    // Rendered by i18n.t (never suspends): the screen came once its texts were in, not with the key.
    expect(await screen.findByRole('heading', { name: 'Texts of the slice' })).toBeTruthy();
  });

  it('preloadScreen starts the chunk of the screen at a path and returns its namespaces (boot prefetches them)', async () => {
    const load = vi.fn(async () => () => <p>Preloaded</p>);
    const list: ScreenRoute[] = [{ path: '/cards/:cardId', layout: 'protected', namespaces: ['cards', 'errors'], load }];
    expect(preloadScreen('/cards/42', list)).toEqual(['cards', 'errors']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloadScreen('/nowhere', list)).toEqual([]);
  });

  it('a first screen whose chunk and translations are in renders at once, without the skeleton (no Suspense reveal to wait for)', async () => {
    const list: ScreenRoute[] = [
      ...testScreens.filter((s) => s.path !== '/wallet'),
      { path: '/wallet', layout: 'app', namespaces: ['errors'], load: async () => () => <h1>{i18n.t('errors:general.fetchFailed')}</h1> },
    ];
    await screenReady('/wallet', list);
    renderAt('/wallet', { signedIn: true, list });
    // In the same act() as the render: a lazy screen would still show the skeleton here.
    expect(screen.getByRole('heading', { name: 'Failed to fetch data' })).toBeTruthy();
    expect(screen.queryByTestId('screen-skeleton')).toBeNull();
  });

  it('a screen whose chunk is not in yet shows the skeleton, then the screen; once lazy it stays the same component', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const slow: ScreenRoute = { path: '/wallet', layout: 'app', load: () => arrived.then(() => () => <h1>Slow screen</h1>) };
    const list: ScreenRoute[] = [...testScreens.filter((s) => s.path !== '/wallet'), slow];
    renderAt('/wallet', { signedIn: true, list });
    expect(screen.getByTestId('screen-skeleton')).toBeTruthy();
    const first = screenComponent(slow);
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Slow screen' })).toBeTruthy();
    // The chunk is in now, but a mounted screen never has its component swapped under it.
    expect(screenComponent(slow)).toBe(first);
  });

  it('screenReady resolves when the chunk fails too (the route shows its error screen) and at once for a path without a screen', async () => {
    const failing: ScreenRoute = { path: '/cards/:cardId', layout: 'protected', load: () => Promise.reject(new Error('offline')) };
    await expect(screenReady('/cards/1', [failing])).resolves.toBeUndefined();
    await expect(screenReady('/nowhere', [failing])).resolves.toBeUndefined();
  });
});
