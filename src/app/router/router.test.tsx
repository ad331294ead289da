import { cleanup, render, screen } from '@testing-library/react';
import { fork } from 'effector';
import { Provider } from 'effector-react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $accessToken } from '@/entities/session';
import { initI18n } from '@/shared/i18n';
import { buildRoutes } from './create-router';
import { screens, type ScreenRoute } from './screens';

const stub = (path: string, layout: ScreenRoute['layout'], text: string): ScreenRoute => ({
  path,
  layout,
  load: async () => () => <h1>{text}</h1>,
});
const testScreens: ScreenRoute[] = [
  ...screens,
  stub('/signin', 'auth', 'Sign in screen'),
  stub('/wallet', 'app', 'Wallet screen'),
  stub('/cards/:cardId', 'protected', 'Card screen'),
];

function renderAt(path: string, { signedIn = false, list = testScreens } = {}) {
  const scope = fork({ values: [[$accessToken, signedIn ? 'token' : null]] });
  const router = createMemoryRouter(buildRoutes(list), { initialEntries: [path] });
  render(
    <Provider value={scope}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
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
});
