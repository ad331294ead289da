/**
 * The "opened" of a sheet whose model is a lazy chunk (its open state and open event live on the page path, its model
 * with the sheet's code). An open that comes before the chunk has arrived fires with nobody listening: the model then
 * counts the sheet's first mount while open as the open. Each open is counted once (the mount of a sheet the model
 * already saw opening is not an open again).
 *
 *   const { opened, mounted } = lazySheetOpened(withdrawOpened, $withdrawOpen);
 *   sample({ clock: opened, target: optionsQuery.start });   // the sheet's component calls `mounted` on mount
 */
import { createEvent, createStore, merge, sample, type Event, type EventCallable, type Store } from 'effector';

export function lazySheetOpened(openEvent: Event<unknown>, $open: Store<boolean>): { opened: Event<void>; mounted: EventCallable<void> } {
  const mounted = createEvent();
  const $heard = createStore(false, { serialize: 'ignore' }).on(openEvent, () => true);
  const openedBeforeLoad = sample({ clock: mounted, source: { open: $open, heard: $heard }, filter: ({ open, heard }) => open && !heard, fn: (): void => undefined });
  $heard.on(openedBeforeLoad, () => true);
  return { opened: merge([openEvent.map((): void => undefined), openedBeforeLoad]), mounted };
}
