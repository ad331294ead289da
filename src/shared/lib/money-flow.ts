/**
 * What every money flow does the same way inside Telegram (issue #35):
 * - `guardClosing($active)`: Telegram asks "Close anyway?" while the flow is in review or its request is in flight
 *   (exchange, card issue, card top-up and withdrawal, SBP), through the platform's ref-counted closing confirmation,
 *   so two flows (or a sheet over a page) hold it independently;
 * - `hideKeyboardFx`: "Continue" after an amount closes the on-screen keyboard (the next step is read, not typed).
 * Both are effects, replaced in tests with `fork({ handlers })`.
 */
import { createEffect, sample, type Store } from 'effector';
import { hideKeyboard, setClosingConfirmation } from '@/shared/platform';

/** One hold of closing confirmation (true) or its release (false). */
export const closingGuardFx = createEffect(async (active: boolean): Promise<void> => {
  await setClosingConfirmation(active);
});

/** Holds closing confirmation while `$active` is true: one hold when it turns true, released when it turns false. */
export function guardClosing($active: Store<boolean>): void {
  sample({ clock: $active.updates, target: closingGuardFx });
}

export const hideKeyboardFx = createEffect(() => hideKeyboard());
