/**
 * The receipt of the open transaction (issue #35): "Download receipt" asks the server for a single-use link to its PDF
 * (POST /api/receipts/links, in the app's language and the device's time zone) and downloads it as statements are
 * (Telegram's download inside Telegram 8.0+, a blob elsewhere); "Share" hands a text receipt to the system's share
 * sheet where there is one, and copies it otherwise. In the sheet's lazy chunk.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { createApiMutation, downloadApiFile, failureMessageOf, type ErrorMessage } from '@/shared/api';
import { receiptsCreateLink, type StatementLink } from '@/shared/contract';
import { documentLocale, i18n } from '@/shared/i18n';
import { writeClipboard } from '@/shared/lib';
import { haptic, type DownloadRoute } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { $target, transactionDetailsClosed, transactionDetailsOpened } from './details';
import { transactionDetailsTexts } from '../i18n/texts';

const receiptLinkMutation = createApiMutation(receiptsCreateLink);

export const receiptDownloadPressed = createEvent();
/** "Share": the text receipt, worded by the sheet in the app's language. */
export const receiptSharePressed = createEvent<{ title: string; text: string }>();

export const downloadReceiptFx = createEffect((link: StatementLink): Promise<DownloadRoute> => downloadApiFile(link));

export type ShareRoute = 'shared' | 'copied' | 'cancelled';
/** The system's share sheet (navigator.share) where there is one, else the clipboard. Replaceable in tests. */
export const shareReceiptFx = createEffect(async ({ title, text }: { title: string; text: string }): Promise<ShareRoute> => {
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text });
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // not allowed here (an iframe, no user gesture left): the clipboard instead
    }
  }
  await writeClipboard(text); // throws when the browser refuses
  return 'copied';
});

export type ReceiptStatus = 'idle' | 'pending' | DownloadRoute | 'failed';
export const $receiptStatus = createStore<ReceiptStatus>('idle')
  .on(receiptLinkMutation.started, () => 'pending')
  .on(downloadReceiptFx.doneData, (_, route) => route)
  .on([receiptLinkMutation.finished.failure, downloadReceiptFx.fail], () => 'failed')
  .reset(transactionDetailsOpened, transactionDetailsClosed);
export const $receiptError = createStore<ErrorMessage | null>(null, { serialize: 'ignore' })
  .on(failureMessageOf(receiptLinkMutation, `${transactionDetailsTexts.ns}:receipt.failed`), (_, message) => message)
  .reset(receiptLinkMutation.started, transactionDetailsOpened, transactionDetailsClosed);

sample({
  clock: receiptDownloadPressed,
  source: { target: $target, pending: receiptLinkMutation.$pending },
  filter: ({ target, pending }) => target !== null && !pending,
  fn: ({ target }) => ({ body: { target: target!, ...documentLocale() } }),
  target: receiptLinkMutation.start,
});
sample({ clock: receiptLinkMutation.finished.success, fn: ({ result }) => result, target: downloadReceiptFx });
sample({ clock: receiptSharePressed, target: shareReceiptFx });

const feedbackFx = createEffect((route: ShareRoute | 'failed') => {
  if (route === 'copied') {
    haptic.notification('success');
    void notify.success(i18n.t(`${transactionDetailsTexts.ns}:receipt.copied`));
  } else if (route === 'failed') {
    haptic.notification('error');
    void notify.error(i18n.t('errors:referral.copyFailed'));
  }
});
sample({ clock: shareReceiptFx.doneData, target: feedbackFx });
sample({ clock: shareReceiptFx.fail, fn: () => 'failed' as const, target: feedbackFx });
