import { cleanup, render, screen } from '@testing-library/react';
import { sample } from 'effector';
import { StrictMode } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { navigateFx, useRouterBinding } from './navigate';
import { createPageLifecycle, usePageLifecycle } from './page-lifecycle';

afterEach(cleanup);

const redirecting = createPageLifecycle('redirectingPage');
sample({ clock: redirecting.opened, fn: () => ({ to: '/done', replace: true }), target: navigateFx });

function Root() {
  useRouterBinding();
  return <Outlet />;
}
function Redirecting() {
  usePageLifecycle(redirecting);
  return <p>redirecting</p>;
}

const app = (
  <MemoryRouter initialEntries={['/start']}>
    <Routes>
      <Route element={<Root />}>
        <Route path="/start" element={<Redirecting />} />
        <Route path="/done" element={<p>done</p>} />
      </Route>
    </Routes>
  </MemoryRouter>
);

describe('navigateFx bound by useRouterBinding', () => {
  it('a page that navigates as it opens (before the root layout’s effects ran) still gets there', async () => {
    render(app);
    expect(await screen.findByText('done')).toBeTruthy();
  });

  it('also under StrictMode (effects mounted twice)', async () => {
    render(<StrictMode>{app}</StrictMode>);
    expect(await screen.findByText('done')).toBeTruthy();
  });
});
