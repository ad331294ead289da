/**
 * THE way the app changes screens: models sample into `navigateFx`; no view calls react-router's navigate().
 * The router stays react-router's declarative one (docs/frontend.md "Routes"): `useRouterBinding()` (mounted once,
 * by the app's root layout) hands this effect react-router's navigate function.
 * Unit tests replace the effect: `fork({ handlers: [[navigateFx, (to) => seen.push(to)]] })`.
 */
import { createEffect } from 'effector';
import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';

/** Go to a path (`replace` swaps the history entry), or one step back in history (`{ back: true }`). */
export type NavigateTo = { to: string; replace?: boolean } | { back: true };

/**
 * Pages open in layout effects (useGate), before the router can take a navigation: react-router's navigate
 * ignores calls before the layout effects of the component that holds it, and <BrowserRouter> listens to the
 * history only from its own layout effect (parents run theirs after children). So a navigation asked for before
 * the binding's passive effect ran waits for it (in order); with no binding rendered at all it fails.
 * (Kept this small on purpose: it is in the entry chunk, docs/performance.md "Bundle budget".)
 */
let navigate: NavigateFunction | null = null;
let ready = false;
const queue: NavigateTo[] = [];
const go = (target: NavigateTo) => void ('back' in target ? navigate!(-1) : navigate!(target.to, { replace: target.replace }));

export const navigateFx = createEffect(async (target: NavigateTo) => {
  if (!navigate) throw new Error('no router');
  // One microtask later, as a view's effect would: React first renders what the same change did to the stores
  // (e.g. the guards' redirect on sign-out), so this navigation is the last word.
  await Promise.resolve();
  if (ready) go(target);
  else queue.push(target);
});

/** Binds `navigateFx` to react-router. Call once, inside the router (the app's root layout). */
export function useRouterBinding(): void {
  navigate = useNavigate();
  useEffect(() => {
    ready = true;
    queue.splice(0).forEach(go);
    return () => {
      ready = false;
    };
  }, []);
}
