import { allSettled, fork } from 'effector';
import { describe, expect, test, vi } from 'vitest';
import {
  $mainButton,
  $secondaryButton,
  $primaryActionsSuspended,
  applyBackButtonSuspendedFx,
  applyBottomButtonFx,
  bindPrimaryActionHandler,
  bottomButtonPressed,
  listenBottomButtonsFx,
  primaryActionRemoved,
  primaryActionSet,
  primaryActionsResumed,
  primaryActionsSuspended,
} from './model';

function setup() {
  const drawn: unknown[] = [];
  const back: boolean[] = [];
  const scope = fork({
    handlers: [
      [applyBottomButtonFx, (call: unknown) => void drawn.push(call)],
      [listenBottomButtonsFx, () => undefined],
      [applyBackButtonSuspendedFx, (suspended: boolean) => void back.push(suspended)],
    ],
  });
  return { scope, drawn, back };
}

const entry = (id: string, text: string, extra: Partial<{ loading: boolean; disabled: boolean; slot: 'main' | 'secondary' }> = {}) => ({
  id,
  text,
  slot: 'main' as const,
  loading: false,
  disabled: false,
  ...extra,
});

describe('primary action model', () => {
  test('shows the registered action on the MainButton, updates it and hides it on removal', async () => {
    const { scope, drawn } = setup();
    await allSettled(primaryActionSet, { scope, params: entry('a', 'Get code') });
    expect(scope.getState($mainButton)?.text).toBe('Get code');
    await allSettled(primaryActionSet, { scope, params: entry('a', 'Get code', { loading: true }) });
    await allSettled(primaryActionSet, { scope, params: entry('a', 'Get code', { loading: true }) }); // no change: not drawn again
    await allSettled(primaryActionRemoved, { scope, params: { id: 'a' } });
    expect(drawn).toEqual([
      { slot: 'main', state: { text: 'Get code', disabled: false, loading: false } },
      { slot: 'main', state: { text: 'Get code', disabled: false, loading: true } },
      { slot: 'main', state: null },
    ]);
  });

  test('a sheet over a page takes the button and gives it back when it closes', async () => {
    const { scope, drawn } = setup();
    await allSettled(primaryActionSet, { scope, params: entry('page', 'Issue card') });
    await allSettled(primaryActionSet, { scope, params: entry('sheet', 'Top up') });
    expect(scope.getState($mainButton)?.id).toBe('sheet');
    await allSettled(primaryActionSet, { scope, params: entry('page', 'Issue card', { disabled: true }) }); // below: not drawn
    await allSettled(primaryActionRemoved, { scope, params: { id: 'sheet' } });
    expect(drawn.at(-1)).toEqual({ slot: 'main', state: { text: 'Issue card', disabled: true, loading: false } });
    expect(drawn).toHaveLength(3);
  });

  test('main and secondary slots are independent', async () => {
    const { scope } = setup();
    await allSettled(primaryActionSet, { scope, params: entry('m', 'Pay') });
    await allSettled(primaryActionSet, { scope, params: entry('s', 'Cancel', { slot: 'secondary' }) });
    expect(scope.getState($mainButton)?.text).toBe('Pay');
    expect(scope.getState($secondaryButton)?.text).toBe('Cancel');
  });

  test("a press runs the top owner's handler, never while loading or disabled", async () => {
    const { scope } = setup();
    const page = vi.fn();
    const sheet = vi.fn();
    const unbindPage = bindPrimaryActionHandler('p', page);
    const unbindSheet = bindPrimaryActionHandler('s', sheet);
    await allSettled(primaryActionSet, { scope, params: entry('p', 'Issue card') });
    await allSettled(primaryActionSet, { scope, params: entry('s', 'Top up', { loading: true }) });
    await allSettled(bottomButtonPressed, { scope, params: 'main' });
    expect(sheet).not.toHaveBeenCalled();
    expect(page).not.toHaveBeenCalled();
    await allSettled(primaryActionSet, { scope, params: entry('s', 'Top up') });
    await allSettled(bottomButtonPressed, { scope, params: 'main' });
    expect(sheet).toHaveBeenCalledTimes(1);
    await allSettled(primaryActionRemoved, { scope, params: { id: 's' } });
    await allSettled(bottomButtonPressed, { scope, params: 'main' });
    expect(page).toHaveBeenCalledTimes(1);
    await allSettled(bottomButtonPressed, { scope, params: 'secondary' }); // nothing registered there
    expect(page).toHaveBeenCalledTimes(1);
    unbindPage();
    unbindSheet();
  });

  test('subscribes to Telegram presses once', async () => {
    const listen = vi.fn();
    const scope = fork({ handlers: [[applyBottomButtonFx, () => undefined], [listenBottomButtonsFx, listen]] });
    await allSettled(primaryActionSet, { scope, params: entry('a', 'A') });
    await allSettled(primaryActionSet, { scope, params: entry('b', 'B') });
    expect(listen).toHaveBeenCalledTimes(1);
  });
  test('app lock: while suspended Telegram shows no MainButton, SecondaryButton or BackButton; all come back after', async () => {
    const { scope, drawn, back } = setup();
    const pay = vi.fn();
    const unbind = bindPrimaryActionHandler('m', pay);
    await allSettled(primaryActionSet, { scope, params: entry('m', 'Pay $100.00') });
    await allSettled(primaryActionSet, { scope, params: entry('s', 'Cancel', { slot: 'secondary' }) });
    drawn.length = 0;

    await allSettled(primaryActionsSuspended, { scope });
    expect(scope.getState($primaryActionsSuspended)).toBe(true);
    expect(drawn).toEqual([
      { slot: 'main', state: null },
      { slot: 'secondary', state: null },
    ]);
    expect(back).toEqual([true]);
    // Presses (a stale tap) do nothing, and changes made meanwhile are kept but not drawn.
    await allSettled(bottomButtonPressed, { scope, params: 'main' });
    expect(pay).not.toHaveBeenCalled();
    await allSettled(primaryActionSet, { scope, params: entry('m', 'Pay $120.00') });
    await allSettled(primaryActionsSuspended, { scope }); // twice: nothing more
    expect(drawn).toHaveLength(2);
    expect(back).toEqual([true]);

    await allSettled(primaryActionsResumed, { scope });
    expect(drawn.slice(2)).toEqual([
      { slot: 'main', state: { text: 'Pay $120.00', disabled: false, loading: false } },
      { slot: 'secondary', state: { text: 'Cancel', disabled: false, loading: false } },
    ]);
    expect(back).toEqual([true, false]);
    await allSettled(bottomButtonPressed, { scope, params: 'main' });
    expect(pay).toHaveBeenCalledTimes(1);
    unbind();
  });
});
