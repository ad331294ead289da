/**
 * THE way the app changes screens: models sample into `navigateFx`; no view calls react-router's navigate().
 * The router stays react-router's declarative one (docs/frontend.md "Routes"): `useRouterBinding()` (mounted once,
 * by the app's root layout) hands this effect react-router's navigate function and reports every location.
 * Unit tests replace the effect: `fork({ handlers: [[navigateFx, (to) => seen.push(to)]] })`.
 */
import { createEffect, createEvent, createStore } from 'effector';
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';

/** Go to a path (`replace` swaps the history entry), or one step back in history (`{ back: true }`). */
export type NavigateTo = { to: string; replace?: boolean } | { back: true };

export interface RouteLocation {
  pathname: string;
  search: string;
  hash: string;
}

let boundNavigate: NavigateFunction | null = null;

export const navigateFx = createEffect<NavigateTo, void>((target) => {
  if (!boundNavigate) throw new Error('navigateFx: no router is bound (mount useRouterBinding inside the router)');
  if ('back' in target) void boundNavigate(-1);
  else void boundNavigate(target.to, { replace: target.replace ?? false });
});

/** The router reports the location it shows (the binding fires it on start and on every change). */
export const locationChanged = createEvent<RouteLocation>();
export const $location = createStore<RouteLocation>({ pathname: '', search: '', hash: '' }, { serialize: 'ignore' }).on(
  locationChanged,
  (current, next) => (current.pathname === next.pathname && current.search === next.search && current.hash === next.hash ? current : next),
);
/** Another screen is shown (the pathname changed; search or hash alone do not count). Features reset on it. */
export const routeChanged = $location.map((location) => location.pathname).updates;

/** Binds `navigateFx` to react-router and reports locations. Call once, inside the router (the root layout). */
export function useRouterBinding(): void {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => {
    boundNavigate = navigate;
    return () => {
      if (boundNavigate === navigate) boundNavigate = null;
    };
  }, [navigate]);
  useLayoutEffect(() => {
    locationChanged({ pathname: location.pathname, search: location.search, hash: location.hash });
  }, [location.pathname, location.search, location.hash]);
}
