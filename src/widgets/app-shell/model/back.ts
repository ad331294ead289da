/**
 * "Back" of the app shell: an open overlay (sheet) takes the press first (shared/lib back stack); otherwise one
 * step back in history, or `fallbackPath` when the screen was opened directly (no in-app history).
 */
import { createEffect, createEvent, sample } from 'effector';
import { handleBack, navigateFx } from '@/shared/lib';

export interface BackPress {
  /** The screen was reached inside the app (react-router's location key is not 'default'). */
  hasHistory: boolean;
  fallbackPath: string;
}

export const backPressed = createEvent<BackPress>();

/** Offers the press to the open overlays; `handled` when one took it. */
export const overlayBackFx = createEffect((press: BackPress) => ({ ...press, handled: handleBack() }));

sample({ clock: backPressed, target: overlayBackFx });
sample({
  clock: overlayBackFx.doneData,
  filter: ({ handled }) => !handled,
  fn: ({ hasHistory, fallbackPath }) => (hasHistory ? { back: true as const } : { to: fallbackPath, replace: true }),
  target: navigateFx,
});
