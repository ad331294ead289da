/**
 * Telegram's bottom buttons: the MainButton (every version) and the SecondaryButton (7.10+), drawn by
 * Telegram under the webview. Only where Telegram draws its chrome (`runtime.nativeChrome`: a real client, or
 * the mock with `tgMockChrome=telegram`); elsewhere the app shows page buttons (shared/ui PrimaryAction).
 *
 * Straight over the bridge (web_app_setup_main_button / web_app_setup_secondary_button and the
 * main_button_pressed / secondary_button_pressed events) rather than the SDK's mainButton/secondaryButton
 * components: the SDK is one module in the first-screen chunk, and those components (signals, session
 * storage) would add to every first screen (docs/performance.md "Bundle budget").
 */
import { off, on, postEvent, supports } from '@telegram-apps/sdk-react';
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

const METHOD = { main: 'web_app_setup_main_button', secondary: 'web_app_setup_secondary_button' } as const;
const EVENT = { main: 'main_button_pressed', secondary: 'secondary_button_pressed' } as const;

/** True when Telegram draws this button for the app (MainButton: any version; SecondaryButton: 7.10+). */
export function isTelegramBottomButtonAvailable(slot: BottomButtonSlot): boolean {
  const version = runtime.launchParams?.version;
  if (!runtime.initialized || !runtime.nativeChrome || !version) return false;
  try {
    return supports(METHOD[slot], version);
  } catch {
    return false;
  }
}

/** Shows the button with `state`, or hides it (`null`). Silent when unavailable. */
export function setTelegramBottomButton(slot: BottomButtonSlot, state: BottomButtonState | null): void {
  if (!isTelegramBottomButtonAvailable(slot)) return;
  const theme = runtime.launchParams?.themeParams ?? {};
  const primary = slot === 'main';
  // The colours Telegram's own buttons use (the SDK sends them too: some clients draw nothing without them).
  const color = primary ? theme.button_color : theme.bottom_bar_bg_color ?? theme.secondary_bg_color;
  const textColor = primary ? theme.button_text_color : theme.button_color;
  const params = {
    is_visible: state !== null,
    is_active: state ? !state.disabled : true,
    is_progress_visible: state?.loading ?? false,
    text: state?.text ?? '',
    ...(color ? { color: color as `#${string}` } : {}),
    ...(textColor ? { text_color: textColor as `#${string}` } : {}),
  };
  try {
    (postEvent as (method: string, params: unknown) => void)(METHOD[slot], params);
  } catch {
    // never let a bridge problem break the screen
  }
}

/** Subscribes to presses of the button. Returns the unsubscribe function (a no-op when unavailable). */
export function onTelegramBottomButtonClick(slot: BottomButtonSlot, listener: () => void): () => void {
  if (!isTelegramBottomButtonAvailable(slot)) return () => undefined;
  const handler = () => listener();
  on(EVENT[slot], handler);
  return () => off(EVENT[slot], handler);
}
