/**
 * "Hide balances" (docs/frontend.md "Hide balances"): one tap hides every amount in the app until shown again,
 * remembered per device in localStorage (`tgwallet.hideBalances`, a preference, not a secret). The app provides
 * `$balancesHidden` to @/shared/i18n's AmountsHiddenContext, so every amount formatted through useFormatters()
 * (the Amount component, lists, sheets) follows, on every screen.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';

export const HIDE_BALANCES_KEY = 'tgwallet.hideBalances';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readBalancesHidden(): boolean {
  try {
    return storage()?.getItem(HIDE_BALANCES_KEY) === '1';
  } catch {
    return false;
  }
}

/** The eye button. */
export const balancesVisibilityToggled = createEvent();

export const $balancesHidden = createStore<boolean>(readBalancesHidden());

const rememberFx = createEffect((hidden: boolean) => {
  const store = storage();
  if (!store) return;
  if (hidden) store.setItem(HIDE_BALANCES_KEY, '1');
  else store.removeItem(HIDE_BALANCES_KEY);
});

$balancesHidden.on(balancesVisibilityToggled, (hidden) => !hidden);
sample({ clock: balancesVisibilityToggled, source: $balancesHidden, target: rememberFx });
