import { allSettled, createStore, fork, type EventCallable } from 'effector';
import { describe, expect, it } from 'vitest';
import { createPageLifecycle, type PageLifecycle } from './page-lifecycle';

/** What useGate fires when the props change (effector-react has `set` on every gate; its types leave it out). */
const setOf = <P>(page: PageLifecycle<P>) => (page.Gate as unknown as { set: EventCallable<P> }).set;

function setup() {
  const page = createPageLifecycle<{ cardId: string }>('testPage');
  const $log = createStore<string[]>([])
    .on(page.opened, (log, { cardId }) => [...log, `opened ${cardId}`])
    .on(page.closed, (log) => [...log, 'closed']);
  return { page, $log };
}

describe('createPageLifecycle', () => {
  it('mount (gate open, then the gate sets the same props): opened once', async () => {
    const { page, $log } = setup();
    const scope = fork();
    const props = { cardId: 'a' };
    await allSettled(page.Gate.open, { scope, params: props });
    await allSettled(setOf(page), { scope, params: { cardId: 'a' } });
    expect(scope.getState($log)).toEqual(['opened a']);
    expect(scope.getState(page.$open)).toBe(true);
    expect(scope.getState(page.$params)).toEqual({ cardId: 'a' });
  });

  it('new route parameters while open: opened again, without closing', async () => {
    const { page, $log } = setup();
    const scope = fork();
    await allSettled(page.Gate.open, { scope, params: { cardId: 'a' } });
    await allSettled(setOf(page), { scope, params: { cardId: 'b' } });
    expect(scope.getState($log)).toEqual(['opened a', 'opened b']);
  });

  it('unmount: closed; a later mount opens again', async () => {
    const { page, $log } = setup();
    const scope = fork();
    await allSettled(page.Gate.open, { scope, params: { cardId: 'a' } });
    await allSettled(page.Gate.close, { scope, params: { cardId: 'a' } });
    expect(scope.getState(page.$open)).toBe(false);
    await allSettled(page.Gate.open, { scope, params: { cardId: 'a' } });
    expect(scope.getState($log)).toEqual(['opened a', 'closed', 'opened a']);
  });

  it('a page without parameters', async () => {
    const page = createPageLifecycle('plainPage');
    const scope = fork();
    // useGate passes `{}` as the props of a page without parameters.
    await allSettled(page.Gate.open, { scope, params: {} as unknown as void });
    expect(scope.getState(page.$open)).toBe(true);
    await allSettled(page.closed, { scope });
    expect(scope.getState(page.$open)).toBe(false);
  });
});
