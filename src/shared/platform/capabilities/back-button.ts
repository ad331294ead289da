/** Telegram's native back button (6.1+), bound to the app's router by the app shell. */
import { useEffect, useRef } from 'react';
import { backButton } from '@telegram-apps/sdk-react';
import { runtime } from '../state';

/**
 * True when Telegram draws a back button in its header, so in-page back arrows can be hidden.
 * False on the dev mock in its default "browser" chrome (nothing is drawn there) and on clients older than 6.1;
 * true on the mock with `tgMockChrome=telegram`, which draws the button in its own header.
 */
export function isTelegramBackButtonAvailable(): boolean {
  return runtime.initialized && runtime.nativeChrome && backButton.show.isAvailable();
}

export interface TelegramBackButtonOptions {
  /** Show on non-root screens. */
  visible: boolean;
  /** Usually `() => navigate(-1)`. */
  onBack: () => void;
}

// What the app asks for, and whether the app lock hides the button whatever is asked (setTelegramBackButtonSuspended).
let requested = false;
let suspended = false;
function apply(): void {
  if (!runtime.initialized) return;
  if (requested && !suspended) backButton.show.ifAvailable();
  else backButton.hide.ifAvailable();
}

/**
 * The app lock (through the primary-action model in @/shared/ui): while suspended the button is hidden whatever the
 * app asks; afterwards it shows again if the app still asks for it.
 */
export function setTelegramBackButtonSuspended(value: boolean): void {
  if (suspended === value) return;
  suspended = value;
  apply();
}

/** Shows/hides Telegram's back button and calls `onBack` when pressed. Silent when unavailable. */
export function useTelegramBackButton({ visible, onBack }: TelegramBackButtonOptions): void {
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  useEffect(() => {
    if (!runtime.initialized) return undefined;
    const [subscribed, off] = backButton.onClick.ifAvailable(() => onBackRef.current());
    return subscribed ? off : undefined;
  }, []);

  useEffect(() => {
    requested = visible;
    apply();
  }, [visible]);

  useEffect(
    () => () => {
      requested = false;
      apply();
    },
    [],
  );
}
