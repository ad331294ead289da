/**
 * THE way the app changes screens: models sample into `navigateFx`; no view calls react-router's navigate().
 * The router stays react-router's declarative one (docs/frontend.md "Routes"): `useRouterBinding()` (mounted once,
 * by the app's root layout) hands this effect react-router's navigate function.
 * Unit tests replace the effect: `fork({ handlers: [[navigateFx, (to) => seen.push(to)]] })`.
 */
import { createEffect } from 'effector';
import { useEffect, useRef } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';

/** Go to a path (`replace` swaps the history entry), or one step back in history (`{ back: true }`). */
export type NavigateTo = { to: string; replace?: boolean } | { back: true };

/**
 * Pages open in layout effects (useGate), before the router can take a navigation: react-router's navigate
 * ignores calls before the layout effects of the component that holds it, and <BrowserRouter> listens to the
 * history only from its own layout effect (parents run theirs after children). So a navigation asked for before
 * the binding's passive effect ran waits for it (in order); with no binding rendered at all it fails.
 */
let router: { navigate: NavigateFunction; active: boolean } | null = null;
let pending: NavigateTo[] = [];

function go(navigate: NavigateFunction, target: NavigateTo): void {
  if ('back' in target) void navigate(-1);
  else void navigate(target.to, { replace: target.replace ?? false });
}

export const navigateFx = createEffect<NavigateTo, void>((target) => {
  if (!router) throw new Error('navigateFx: no router is bound (mount useRouterBinding inside the router)');
  if (router.active) go(router.navigate, target);
  else pending.push(target);
});

/** Binds `navigateFx` to react-router. Call once, inside the router (the app's root layout). */
export function useRouterBinding(): void {
  const navigate = useNavigate();
  const fresh = useRef(true);
  if (fresh.current) {
    fresh.current = false;
    pending = []; // left over from an earlier, unmounted router
  }
  // Set while rendering: the pages below open (and may navigate) before this component's effects run.
  if (router?.navigate !== navigate) router = { navigate, active: router?.active ?? false };
  useEffect(() => {
    router = { navigate, active: true };
    const queued = pending;
    pending = [];
    for (const target of queued) go(navigate, target);
    return () => {
      if (router?.navigate === navigate) router = { navigate, active: false };
      pending = [];
    };
  }, [navigate]);
}
