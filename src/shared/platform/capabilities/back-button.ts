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
    if (!runtime.initialized) return;
    if (visible) backButton.show.ifAvailable();
    else backButton.hide.ifAvailable();
  }, [visible]);

  useEffect(
    () => () => {
      if (runtime.initialized) backButton.hide.ifAvailable();
    },
    [],
  );
}
