/**
 * Native popup (6.2+), checked against SPEC §5 limits before calling Telegram.
 * No browser-dialog fallback: where popups are unavailable the caller gets the error and shows its
 * own in-app dialog (window.confirm is unreliable in Telegram webviews and a failed confirm must
 * never count as "yes" for a money action).
 */
import { popup } from '@telegram-apps/sdk-react';
import { fail, settle, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

const POPUP_LIMITS = { title: 64, message: 256, buttons: 3, buttonText: 64, buttonId: 64 } as const;

type PopupButton =
  | { id: string; type?: 'default' | 'destructive'; text: string }
  | { id: string; type: 'ok' | 'close' | 'cancel' };

export interface ShowPopupOptions {
  title?: string;
  message: string;
  /** 1-3 buttons. Default: a single "Close". */
  buttons?: PopupButton[];
}

/** The first broken limit as a message key, or undefined when the popup is valid. */
function validatePopup({ title, message, buttons }: ShowPopupOptions): string | undefined {
  if ((title ?? '').trim().length > POPUP_LIMITS.title) return 'platform:errors.popupTitleTooLong';
  const text = message.trim();
  if (text.length === 0) return 'platform:errors.popupMessageEmpty';
  if (text.length > POPUP_LIMITS.message) return 'platform:errors.popupMessageTooLong';
  if (buttons && (buttons.length === 0 || buttons.length > POPUP_LIMITS.buttons)) return 'platform:errors.popupButtons';
  for (const button of buttons ?? []) {
    if (button.id.length > POPUP_LIMITS.buttonId) return 'platform:errors.popupButtons';
    if ('text' in button) {
      const label = button.text.trim();
      if (label.length === 0 || label.length > POPUP_LIMITS.buttonText) return 'platform:errors.popupButtons';
    }
  }
  return undefined;
}

/** Resolves with the pressed button id, or null when the user dismissed the popup. */
export async function showPopup(options: ShowPopupOptions): Promise<BridgeResult<string | null>> {
  const invalid = validatePopup(options);
  if (invalid) return fail('invalid', invalid);
  const blocked = preflight(popup.show);
  if (blocked) return blocked;
  return settle(() =>
    popup.show({
      message: options.message,
      ...(options.title === undefined ? {} : { title: options.title }),
      ...(options.buttons === undefined ? {} : { buttons: options.buttons }),
    }),
  );
}
