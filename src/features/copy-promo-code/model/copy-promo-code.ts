/**
 * Copy the promo code (SPEC §2 /referral): navigator.clipboard, then a haptic tick and a toast;
 * on failure "Failed to copy to clipboard" (SPEC §8).
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { delay } from 'patronum';
import { i18n } from '@/shared/i18n';
import { writeClipboard } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { copyPromoCodeTexts } from '../i18n/texts';

const COPY_FAILED_KEY = 'errors:referral.copyFailed';

/** The user pressed "Copy" next to the code. */
export const promoCodeCopyRequested = createEvent<string>();

export const copyPromoCodeFx = createEffect((code: string) => writeClipboard(code));

/** How long the button says "Copied". */
export const COPIED_LABEL_MS = 2000;

/** 'copied' for a moment after a successful copy (the button says "Copied"), 'failed' after a failure. */
export const $copyResult = createStore<'idle' | 'copied' | 'failed'>('idle')
  .on(copyPromoCodeFx.done, () => 'copied')
  .on(copyPromoCodeFx.fail, () => 'failed')
  .reset(copyPromoCodeFx);
sample({ clock: delay(copyPromoCodeFx.done, COPIED_LABEL_MS), source: $copyResult, filter: (result) => result === 'copied', fn: () => 'idle' as const, target: $copyResult });

/** Toast + haptic feedback; replaceable in tests (`fork({ handlers: [[copyFeedbackFx, spy]] })`). */
export const copyFeedbackFx = createEffect((result: 'copied' | 'failed') => {
  if (result === 'copied') {
    haptic.notification('success');
    void notify.success(i18n.t(`${copyPromoCodeTexts.ns}:codeCopied`));
  } else {
    haptic.notification('error');
    void notify.error(i18n.t(COPY_FAILED_KEY));
  }
});

sample({ clock: promoCodeCopyRequested, filter: (code) => code.length > 0, target: copyPromoCodeFx });
sample({ clock: copyPromoCodeFx.done, fn: () => 'copied' as const, target: copyFeedbackFx });
sample({ clock: copyPromoCodeFx.fail, fn: () => 'failed' as const, target: copyFeedbackFx });
