/**
 * THE polling timer of the app (docs/frontend-data.md "Polling"): every poller (a card in a transitional status, the
 * cards list, an SBP payment) waits with this, then reloads its query past the cache (`refetchOn` / `createRefetch`).
 *
 * `createPoll({ every, name })` is a cancellable pause built on an effect:
 * - `scheduled(payload)`: wait `every` ms, then `tick(payload)`; ignored while a wait is already running. A poller
 *   schedules again on `tick` (a steady beat) or after each answer (a pause between requests);
 * - `stopped()`: cancels the running wait (its timer is cleared, so `allSettled` does not wait for it); no tick;
 * - `$running`: scheduled and not stopped since (nor ticked without being scheduled again);
 * - `waitFx`: the pause itself; tests replace it (`fork({ handlers: [[poll.waitFx, (p) => p]] })`) or use fake timers.
 */
import { attach, createEffect, createEvent, createStore, sample, scopeBind, type Effect, type Event, type EventCallable, type Store } from 'effector';

export interface Poll<T> {
  scheduled: EventCallable<T>;
  stopped: EventCallable<void>;
  tick: Event<T>;
  waitFx: Effect<T, T>;
  $running: Store<boolean>;
}

export function createPoll<T = void>({ every, name }: { every: number; name: string }): Poll<T> {
  const scheduled = createEvent<T>({ name: `${name}.scheduled` });
  const stopped = createEvent({ name: `${name}.stopped` });
  const cancelSaved = createEvent<(() => void) | null>();
  const $cancel = createStore<(() => void) | null>(null, { serialize: 'ignore' }).on(cancelSaved, (_, cancel) => cancel);

  const waitFx = createEffect<T, T>({
    name: `${name}.waitFx`,
    handler: (payload) => {
      const save = scopeBind(cancelSaved, { safe: true });
      return new Promise<T>((resolve) => {
        const timer = setTimeout(() => resolve(payload), every);
        // Cancelling resolves at once; the tick is dropped because the poll is no longer running.
        save(() => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
    },
  });
  const cancelFx = attach({ source: $cancel, effect: (cancel) => cancel?.() });

  const $running = createStore(false, { serialize: 'ignore' });
  const $waiting = createStore(false, { serialize: 'ignore' });

  const started: Event<T> = sample({ clock: scheduled, source: $waiting, filter: (waiting) => !waiting, fn: (_, payload: T) => payload });
  $running.on(started, () => true).reset(stopped);
  $waiting.on(started, () => true).reset(waitFx.finally);
  // (effector cannot check a generic clock against a generic target: the cast only names the same T)
  sample({ clock: started as Event<unknown>, target: waitFx as unknown as EventCallable<unknown> });
  sample({ clock: stopped, target: cancelFx });
  $cancel.reset(waitFx.finally);

  const tick = sample({ clock: waitFx.doneData, source: $running, filter: (running) => running, fn: (_, payload) => payload });
  $running.reset(tick);
  return { scheduled, stopped, tick, waitFx, $running };
}
