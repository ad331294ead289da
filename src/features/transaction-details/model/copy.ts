/**
 * Copying an id of the details sheet: the clipboard (the app's one mechanism, `writeClipboard` in shared/lib), then a toast and a
 * haptic tick; "Failed to copy to clipboard" (SPEC §8) when the browser refuses. Loaded with the sheet (lazy chunk).
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { i18n } from '@/shared/i18n';
import { writeClipboard } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import type { IdKind } from '../lib/details-view';
import { transactionDetailsClosed, transactionDetailsOpened } from './details';
import { transactionDetailsTexts } from '../i18n/texts';

const COPY_FAILED_KEY = 'errors:referral.copyFailed';

/** A copy button next to an id. */
export const idCopyRequested = createEvent<{ kind: IdKind; value: string }>();

export const copyIdFx = createEffect(({ value }: { kind: IdKind; value: string }) => writeClipboard(value));
/** The id last copied (its button says "Copied" while the sheet shows it). */
export const $copiedId = createStore<IdKind | null>(null, { serialize: 'ignore' })
  .on(copyIdFx.done, (_, { params }) => params.kind)
  .reset(copyIdFx.fail, transactionDetailsOpened, transactionDetailsClosed);

/** Toast + haptic; replaceable in tests (`fork({ handlers: [[copyFeedbackFx, spy]] })`). */
export const copyFeedbackFx = createEffect((result: { ok: boolean; kind: IdKind }) => {
  if (result.ok) {
    haptic.notification('success');
    void notify.success(i18n.t(`${transactionDetailsTexts.ns}:copy.copied`, { what: i18n.t(`ids.${result.kind}`, { ns: [transactionDetailsTexts.ns, 'transactions'] }) }));
  } else {
    haptic.notification('error');
    void notify.error(i18n.t(COPY_FAILED_KEY));
  }
});

sample({ clock: idCopyRequested, filter: ({ value }) => value.length > 0, target: copyIdFx });
sample({ clock: copyIdFx.done, fn: ({ params }) => ({ ok: true, kind: params.kind }), target: copyFeedbackFx });
sample({ clock: copyIdFx.fail, fn: ({ params }) => ({ ok: false, kind: params.kind }), target: copyFeedbackFx });
