/**
 * Telegram's bottom buttons: the MainButton (every version) and the SecondaryButton (7.10+), drawn by
 * Telegram under the webview. Only where Telegram draws its chrome (`runtime.nativeChrome`: a real client, or
 * the mock with `tgMockChrome=telegram`); elsewhere the app shows page buttons (shared/ui PrimaryAction).
 */
import { mainButton, secondaryButton } from '@telegram-apps/sdk-react';
import { runtime } from '../state';

export type BottomButtonSlot = 'main' | 'secondary';

/** What the app wants a bottom button to show; `null` hides it. */
export interface BottomButtonState {
  text: string;
  /** Greyed out, presses ignored. */
  disabled: boolean;
  /** Telegram's progress indicator on the button (presses ignored). */
  loading: boolean;
}

const component = (slot: BottomButtonSlot) => (slot === 'main' ? mainButton : secondaryButton);

/** Called by initPlatform() where Telegram draws its chrome. */
export function mountBottomButtons(): void {
  try {
    mainButton.mount.ifAvailable();
    secondaryButton.mount.ifAvailable();
  } catch {
    // a client without the button: PrimaryAction falls back to page buttons
  }
}

/** True when Telegram draws this button for the app (MainButton: any version; SecondaryButton: 7.10+). */
export function isTelegramBottomButtonAvailable(slot: BottomButtonSlot): boolean {
  if (!runtime.initialized || !runtime.nativeChrome) return false;
  try {
    return component(slot).setParams.isAvailable();
  } catch {
    return false;
  }
}

/** Shows the button with `state`, or hides it (`null`). Silent when unavailable. */
export function setTelegramBottomButton(slot: BottomButtonSlot, state: BottomButtonState | null): void {
  if (!isTelegramBottomButtonAvailable(slot)) return;
  try {
    component(slot).setParams.ifAvailable(
      state
        ? { text: state.text, isVisible: true, isEnabled: !state.disabled, isLoaderVisible: state.loading }
        : { isVisible: false, isLoaderVisible: false },
    );
  } catch {
    // never let a bridge problem break the screen
  }
}

/** Subscribes to presses of the button. Returns the unsubscribe function (a no-op when unavailable). */
export function onTelegramBottomButtonClick(slot: BottomButtonSlot, listener: () => void): () => void {
  if (!isTelegramBottomButtonAvailable(slot)) return () => undefined;
  try {
    const [subscribed, off] = component(slot).onClick.ifAvailable(listener);
    return subscribed ? off : () => undefined;
  } catch {
    return () => undefined;
  }
}
