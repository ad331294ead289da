/**
 * Primary actions (issue #14 "Telegram-native feel"): where Telegram draws its chrome, a screen's main action is
 * Telegram's MainButton (and a second one the SecondaryButton, 7.10+); elsewhere a page button (PrimaryAction).
 *
 * Several owners may want a bottom button at once (a page, then a sheet opened over it): registrations form a
 * stack per slot and the latest one is shown; when it unmounts, the one below comes back; when none is left
 * the button is hidden. Presses of Telegram's button run the click handler of the owner on top, unless it is
 * loading or disabled. Click handlers are functions, so they stay outside the stores (a Map keyed by id).
 *
 * App lock (issue #15 "while locked nothing of the account is on screen"): `primaryActionsSuspended` (sent by the
 * app's lock gate) hides Telegram's MainButton, SecondaryButton and BackButton whatever is registered; presses are
 * ignored meanwhile. `primaryActionsResumed` draws the tops as they are then and gives the BackButton back.
 */
import { combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import {
  onTelegramBottomButtonClick,
  setTelegramBackButtonSuspended,
  setTelegramBottomButton,
  type BottomButtonSlot,
  type BottomButtonState,
} from '@/shared/platform';

export type PrimaryActionSlot = BottomButtonSlot;

export interface PrimaryActionEntry extends BottomButtonState {
  id: string;
  slot: PrimaryActionSlot;
}

/** A component shows (or updates) its action on Telegram's bottom button. */
export const primaryActionSet = createEvent<PrimaryActionEntry>();
/** The component unmounted (or went back to a page button): drop its action. */
export const primaryActionRemoved = createEvent<{ id: string }>();
/** Telegram reported a press of a bottom button. */
export const bottomButtonPressed = createEvent<PrimaryActionSlot>();
/** The app is locked: Telegram's bottom buttons and BackButton are hidden until `primaryActionsResumed`. */
export const primaryActionsSuspended = createEvent();
export const primaryActionsResumed = createEvent();

export const $primaryActionsSuspended = createStore(false, { serialize: 'ignore' })
  .on(primaryActionsSuspended, () => true)
  .on(primaryActionsResumed, () => false);

const handlers = new Map<string, () => void>();

/** Binds the click handler of a registration (kept outside the stores). Returns the unbind function. */
export function bindPrimaryActionHandler(id: string, handler: () => void): () => void {
  handlers.set(id, handler);
  return () => {
    if (handlers.get(id) === handler) handlers.delete(id);
  };
}

/** Registrations in order; the last of a slot is the one Telegram shows. */
const $primaryActions = createStore<PrimaryActionEntry[]>([], { serialize: 'ignore' })
  .on(primaryActionSet, (list, entry) => {
    const index = list.findIndex((item) => item.id === entry.id);
    if (index === -1) return [...list, entry];
    const next = list.slice();
    next[index] = entry;
    return next;
  })
  .on(primaryActionRemoved, (list, { id }) => list.filter((item) => item.id !== id));

const topOf = (slot: PrimaryActionSlot) => (list: PrimaryActionEntry[]) =>
  list.filter((item) => item.slot === slot).at(-1) ?? null;

export const $mainButton = $primaryActions.map(topOf('main'));
export const $secondaryButton = $primaryActions.map(topOf('secondary'));

const stateOf = (entry: PrimaryActionEntry | null): BottomButtonState | null =>
  entry ? { text: entry.text, disabled: entry.disabled, loading: entry.loading } : null;

const same = (a: BottomButtonState | null, b: BottomButtonState | null) =>
  a === b || (!!a && !!b && a.text === b.text && a.disabled === b.disabled && a.loading === b.loading);

/** Draws a slot in Telegram (replaced in tests through fork handlers). */
export const applyBottomButtonFx = createEffect(({ slot, state }: { slot: PrimaryActionSlot; state: BottomButtonState | null }) =>
  setTelegramBottomButton(slot, state),
);

/** Hides (true) or gives back (false) Telegram's BackButton (replaced in tests through fork handlers). */
export const applyBackButtonSuspendedFx = createEffect((suspended: boolean) => setTelegramBackButtonSuspended(suspended));
sample({ clock: $primaryActionsSuspended.updates, target: applyBackButtonSuspendedFx });

/** Subscribes once to Telegram's presses of both buttons. */
export const listenBottomButtonsFx = createEffect(() => {
  const pressed = scopeBind(bottomButtonPressed, { safe: true });
  onTelegramBottomButtonClick('main', () => pressed('main'));
  onTelegramBottomButtonClick('secondary', () => pressed('secondary'));
});

/** Runs the click handler of the owner on top. */
const runPrimaryActionFx = createEffect((id: string) => {
  handlers.get(id)?.();
});

const $listening = createStore(false, { serialize: 'ignore' }).on(listenBottomButtonsFx.done, () => true);
sample({ clock: primaryActionSet, filter: $listening.map((on) => !on), target: listenBottomButtonsFx });

// Telegram draws what is on top of each stack (only when that changes), nothing while suspended.
const $drawn = createStore<Record<PrimaryActionSlot, BottomButtonState | null>>({ main: null, secondary: null }, { serialize: 'ignore' });
(['main', 'secondary'] as const).forEach((slot) => {
  const $top = combine(slot === 'main' ? $mainButton : $secondaryButton, $primaryActionsSuspended, (top, suspended) => (suspended ? null : top));
  sample({
    clock: $top,
    source: $drawn,
    filter: (drawn, top) => !same(drawn[slot], stateOf(top)),
    fn: (_, top) => ({ slot, state: stateOf(top) }),
    target: applyBottomButtonFx,
  });
});
$drawn.on(applyBottomButtonFx, (drawn, { slot, state }) => ({ ...drawn, [slot]: state }));

sample({
  clock: bottomButtonPressed,
  source: { main: $mainButton, secondary: $secondaryButton, suspended: $primaryActionsSuspended },
  filter: (tops, slot) => {
    const top = tops[slot];
    return !tops.suspended && top !== null && !top.disabled && !top.loading;
  },
  fn: (tops, slot) => tops[slot]!.id,
  target: runPrimaryActionFx,
});
