/**
 * Requesting money (issue #36): an amount and a note become a payment request, shared into a Telegram chat as a
 * prepared inline message (the bot's savePreparedInlineMessage → shareMessage, 8.0+), else through Telegram's share
 * sheet, else copied; the requester's list shows each request open, paid (by whom) or expired. The same sheet holds
 * the user's own payment link and QR and the switch for being found by @username.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { createApiMutation, createApiQuery, toErrorMessage, type ErrorMessage } from '@/shared/api';
import {
  miniAppLink,
  paymentRequestsCancel,
  paymentRequestsCreate,
  paymentRequestsList,
  paymentRequestsShare,
  transfersProfile,
  transfersUpdateProfile,
  type Currency,
  type Money,
  type PaymentRequest,
  type SharedPaymentRequest,
} from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { lazySheetOpened, writeClipboard } from '@/shared/lib';
import { $appConfig, appConfigRequested } from '@/entities/app-config';
import { parseAmountInput } from '@/shared/money';
import { canShareMessage, haptic, isMockEnvironment, shareMessage, shareUrl } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { requestMoneyTexts } from '../i18n/texts';
import { $requestMoneyOpen, requestMoneyOpened } from './sheet';

export { requestMoneyClosed, $requestMoneyOpen } from './sheet';

export type RequestTab = 'request' | 'link';

const createRequestMutation = createApiMutation(paymentRequestsCreate);
const shareRequestMutation = createApiMutation(paymentRequestsShare);
const cancelRequestMutation = createApiMutation(paymentRequestsCancel);
const myRequestsQuery = createApiQuery(paymentRequestsList, { cached: false });
const profileQuery = createApiQuery(transfersProfile, { cached: false });
const updateProfileMutation = createApiMutation(transfersUpdateProfile);

/** The sheet's content mounted (its chunk arrived): an open that came before the chunk is handled then. */
const lazyOpen = lazySheetOpened(requestMoneyOpened, $requestMoneyOpen);
export const requestSheetMounted = lazyOpen.mounted;
const opened = lazyOpen.opened;

export const tabChanged = createEvent<RequestTab>();
export const currencyChanged = createEvent<Currency>();
export const amountChanged = createEvent<string>();
export const noteChanged = createEvent<string>();
export const createPressed = createEvent();
export const sharePressed = createEvent<string>();
export const cancelPressed = createEvent<string>();
export const discoverableChanged = createEvent<boolean>();
export const linkCopyPressed = createEvent<string>();

export const $tab = createStore<RequestTab>('request').on(tabChanged, (_, tab) => tab).reset(opened);
export const $currency = createStore<Currency>('USD').on(currencyChanged, (_, c) => c).reset(opened);
export const $amountText = createStore('').on(amountChanged, (_, text) => text).reset(opened, createRequestMutation.finished.success);
export const $note = createStore('').on(noteChanged, (_, text) => text).reset(opened, createRequestMutation.finished.success);
const $submitted = createStore(false).on(createPressed, () => true).reset(opened, amountChanged, createRequestMutation.finished.success);
const $amount = combine($amountText, $currency, (text, currency): Money | null => {
  const parsed = parseAmountInput(text, currency);
  return parsed.ok && parsed.amount > 0 ? { amount: parsed.amount, currency } : null;
});
export const $amountInvalid = combine($submitted, $amount, (submitted, amount) => submitted && amount === null);
export const $failure = createStore<ErrorMessage | null>(null)
  .on([createRequestMutation.finished.failure, updateProfileMutation.finished.failure, cancelRequestMutation.finished.failure], (_, { error }) =>
    toErrorMessage(error, 'errors:general.error'),
  )
  .reset(opened, amountChanged, tabChanged);

/** The user's requests, newest first (the first page), updated by what this sheet does. */
export const $requests = createStore<PaymentRequest[]>([])
  .on(myRequestsQuery.finished.success, (_, { result }) => result.items)
  .on(createRequestMutation.finished.success, (list, { result }) => [result, ...list.filter((r) => r.id !== result.id)])
  .on(cancelRequestMutation.finished.success, (list, { result }) => list.map((r) => (r.id === result.id ? result : r)));
export const $profile = createStore<ReturnType<typeof profileQuery.$data.getState>>(null)
  .on(profileQuery.finished.success, (_, { result }) => result)
  .on(updateProfileMutation.finished.success, (_, { result }) => result);
export const $creating = createRequestMutation.$pending;
/** The user's own payment link (what their QR carries): t.me/<bot>[/<app>]?startapp=pay_<code>. */
export const $myLink = combine($appConfig, $profile, (config, profile) => (config && profile ? miniAppLink(config.app, `pay_${profile.payCode}`) : null));
export const $profileSaving = updateProfileMutation.$pending;

sample({ clock: opened, fn: () => undefined, target: [myRequestsQuery.start, profileQuery.start] });
sample({ clock: opened, target: appConfigRequested });
sample({
  clock: createPressed,
  source: { amount: $amount, note: $note, busy: $creating },
  filter: ({ amount, busy }) => amount !== null && !busy,
  fn: ({ amount, note }) => ({ body: { amount: amount!, ...(note.trim() ? { note: note.trim() } : {}) } }),
  target: createRequestMutation.start,
});
// A new request is shared at once (the user asked for it to go into a chat).
sample({ clock: createRequestMutation.finished.success, fn: ({ result }) => ({ params: { requestId: result.id } }), target: shareRequestMutation.start });
sample({ clock: sharePressed, fn: (requestId) => ({ params: { requestId } }), target: shareRequestMutation.start });
sample({ clock: cancelPressed, fn: (requestId) => ({ params: { requestId } }), target: cancelRequestMutation.start });
sample({ clock: discoverableChanged, fn: (discoverable) => ({ body: { discoverable } }), target: updateProfileMutation.start });

/**
 * Into a chat: the prepared message where Telegram has shareMessage (8.0+), else Telegram's share sheet for the link,
 * else (a browser) the link is copied.
 */
const shareFx = createEffect(async ({ shared, text }: { shared: SharedPaymentRequest; text: string }): Promise<'shared' | 'copied' | 'cancelled'> => {
  if (shared.preparedMessageId && canShareMessage()) {
    const result = await shareMessage(shared.preparedMessageId);
    if (result.ok) return 'shared';
    if (result.error.kind === 'cancelled') return 'cancelled'; // the user closed Telegram's chat picker: nothing to announce
  }
  if (!isMockEnvironment()) {
    const viaTelegram = await shareUrl(shared.link, text);
    if (viaTelegram.ok) return 'shared';
  }
  await writeClipboard(shared.link);
  return 'copied';
});
sample({
  clock: shareRequestMutation.finished.success,
  fn: ({ result }) => ({ shared: result, text: i18n.t(`${requestMoneyTexts.ns}:shareText`) }),
  target: shareFx,
});
const announceFx = createEffect((outcome: 'shared' | 'copied') => {
  haptic.notification('success');
  void notify.success(i18n.t(outcome === 'shared' ? `${requestMoneyTexts.ns}:shared` : `${requestMoneyTexts.ns}:copied`));
});
sample({ clock: shareFx.doneData, filter: (outcome): outcome is 'shared' | 'copied' => outcome !== 'cancelled', target: announceFx });

const copyLinkFx = createEffect(async (link: string) => {
  await writeClipboard(link);
  haptic.notification('success');
  void notify.success(i18n.t(`${requestMoneyTexts.ns}:link.copied`));
});
sample({ clock: linkCopyPressed, target: copyLinkFx });
const copyFailedFx = createEffect(() => void notify.error(i18n.t('errors:referral.copyFailed')));
sample({ clock: [copyLinkFx.fail, shareFx.fail], target: copyFailedFx });
