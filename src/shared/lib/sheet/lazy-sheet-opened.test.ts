import { allSettled, createEvent, createStore, createWatch, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { lazySheetOpened } from './lazy-sheet-opened';

const setUp = () => {
  const openEvent = createEvent();
  const $open = createStore(false).on(openEvent, () => true);
  const { opened, mounted } = lazySheetOpened(openEvent, $open);
  return { openEvent, $open, opened, mounted };
};

describe('lazySheetOpened', () => {
  it('an open the model heard counts once, its mount after it not again', async () => {
    const { openEvent, opened, mounted } = setUp();
    const scope = fork();
    let count = 0;
    createWatch({ unit: opened, fn: () => count++, scope });
    await allSettled(openEvent, { scope });
    await allSettled(mounted, { scope });
    expect(count).toBe(1);
    await allSettled(openEvent, { scope });
    expect(count).toBe(2);
  });

  it('an open that came before the chunk (the store open, the event unheard) counts at the mount, once', async () => {
    const { $open, opened, mounted } = setUp();
    const scope = fork({ values: [[$open, true]] });
    let count = 0;
    createWatch({ unit: opened, fn: () => count++, scope });
    await allSettled(mounted, { scope });
    await allSettled(mounted, { scope });
    expect(count).toBe(1);
  });

  it('a mount while closed is no open', async () => {
    const { opened, mounted } = setUp();
    const scope = fork();
    let count = 0;
    createWatch({ unit: opened, fn: () => count++, scope });
    await allSettled(mounted, { scope });
    expect(count).toBe(0);
  });
});
