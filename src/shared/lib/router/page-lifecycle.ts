/**
 * THE page-lifecycle pattern: every page with work to do on open or close has one `createPageLifecycle` in its
 * model, and its view calls `usePageLifecycle(page, params)` with the route's parameters. The model samples from
 * `page.opened` (mount, and again whenever the parameters change while mounted) and `page.closed` (unmount).
 * Tests fire `page.opened` / `page.closed` directly with `allSettled`.
 */
import { createEvent, createStore, sample, type EventCallable, type Store } from 'effector';
import { createGate, useGate, type Gate } from 'effector-react';

export interface PageLifecycle<Params> {
  /** The page was opened, or its route parameters changed while it is open. */
  opened: EventCallable<Params>;
  /** The page was left. */
  closed: EventCallable<void>;
  /** Whether the page is open, and its parameters while it is (the last ones once closed). */
  $open: Store<boolean>;
  $params: Store<Params | null>;
  /** Bound by `usePageLifecycle`; not for use elsewhere. */
  Gate: Gate<Params>;
}

const sameParams = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
};

export function createPageLifecycle<Params = void>(name: string): PageLifecycle<Params> {
  const Gate = createGate<Params>({ name: `${name}Gate` });
  const opened = createEvent<Params>({ name: `${name}.opened` });
  const closed = createEvent({ name: `${name}.closed` });
  const $open = createStore(false, { name: `${name}.$open`, serialize: 'ignore' })
    .on(opened, () => true)
    .on(closed, () => false);
  const $params = createStore<Params | null>(null, { name: `${name}.$params`, serialize: 'ignore', skipVoid: false }).on(
    opened,
    (_, params) => params,
  );

  sample({ clock: Gate.open, target: opened });
  // The gate's state follows the props (also right after opening, with the same props): only a real change
  // while open opens again.
  sample({
    clock: Gate.state.updates,
    source: { open: Gate.status, params: $params },
    filter: ({ open, params }, next) => open && !sameParams(params, next),
    fn: (_, next) => next,
    target: opened,
  });
  sample({ clock: Gate.close, target: closed });

  return { opened, closed, $open, $params, Gate };
}

/** In the page's view: opens the page on mount (and on new `params`), closes it on unmount. */
export function usePageLifecycle<Params>(page: PageLifecycle<Params>, ...params: Params extends void ? [] : [Params]): void {
  useGate(page.Gate, params[0] as Params);
}
