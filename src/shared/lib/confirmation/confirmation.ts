/**
 * "Are you sure?" before an action that cannot be undone with one tap (ending a session, ending all others, signing
 * out; issue #35). One mechanism: inside Telegram (it draws its own dialogs) the native popup asks; elsewhere — a
 * browser, the default dev mock, or a popup that failed — an in-app dialog does (`$dialog`, rendered by
 * `<ConfirmDialog>` of shared/ui). Never `window.confirm`, and a failed or dismissed ask never counts as "yes".
 *
 *   const endAll = createConfirmation<void>({ texts: () => ({ title: i18n.t('…'), message: …, confirm: …, destructive: true }) });
 *   sample({ clock: endAllClicked, target: endAll.requested });
 *   sample({ clock: endAll.confirmed, target: endOthersMutation.start });
 */
import { createEffect, createEvent, createStore, sample, type Effect, type Event, type EventCallable, type Store } from 'effector';
import { isTelegramPopupAvailable, showPopup } from '@/shared/platform';

export interface ConfirmTexts {
  title: string;
  message: string;
  /** The confirming button. */
  confirm: string;
  /** The other button (the in-app dialog; Telegram's popup draws its own "Cancel"). */
  cancel: string;
  /** The confirming button is red: the action ends or removes something. */
  destructive?: boolean;
}

export type ConfirmAnswer = 'confirmed' | 'cancelled' | 'dialog';

export interface Confirmation<P> {
  /** Ask about `payload` (ignored while a question is open). */
  requested: EventCallable<P>;
  /** The user said yes, to this payload. */
  confirmed: Event<P>;
  cancelled: Event<P>;
  /** The in-app dialog's texts while it is open (null: closed). */
  $dialog: Store<ConfirmTexts | null>;
  dialogConfirmed: EventCallable<void>;
  dialogCancelled: EventCallable<void>;
  /** Asks Telegram's popup where there is one; answers 'dialog' where the app must ask itself (tests replace it). */
  askFx: Effect<ConfirmTexts, ConfirmAnswer>;
}

/** Telegram's popup when it draws dialogs for the app; 'dialog' otherwise, and when the popup fails. */
export const askTelegram = async (texts: ConfirmTexts): Promise<ConfirmAnswer> => {
  if (!isTelegramPopupAvailable()) return 'dialog';
  const answer = await showPopup({
    title: texts.title,
    message: texts.message,
    buttons: [
      { id: 'confirm', type: texts.destructive ? 'destructive' : 'default', text: texts.confirm },
      { id: 'cancel', type: 'cancel' },
    ],
  });
  if (!answer.ok) return 'dialog';
  return answer.value === 'confirm' ? 'confirmed' : 'cancelled';
};

export function createConfirmation<P>({ texts }: { texts: (payload: P) => ConfirmTexts }): Confirmation<P> {
  const requested = createEvent<P>();
  const dialogConfirmed = createEvent();
  const dialogCancelled = createEvent();
  const askFx = createEffect<ConfirmTexts, ConfirmAnswer>(askTelegram);
  /** The payload being asked about (a box: P may be void). */
  const $asking = createStore<{ payload: P } | null>(null, { serialize: 'ignore' });
  const $dialog = createStore<ConfirmTexts | null>(null, { serialize: 'ignore' });

  const started = sample({ clock: requested, source: $asking, filter: (asking) => asking === null, fn: (_, payload) => ({ payload }) });
  $asking.on(started, (_, box) => box);
  sample({ clock: started, fn: ({ payload }) => texts(payload), target: askFx });
  sample({ clock: askFx.done, filter: ({ result }) => result === 'dialog', fn: ({ params }) => params, target: $dialog });
  sample({ clock: askFx.fail, fn: ({ params }) => params, target: $dialog });

  const yes = sample({
    clock: [askFx.doneData.filter({ fn: (answer) => answer === 'confirmed' }), sample({ clock: dialogConfirmed, source: $dialog, filter: Boolean })],
    source: $asking,
    filter: Boolean,
    fn: (box) => box.payload,
  });
  const no = sample({
    clock: [askFx.doneData.filter({ fn: (answer) => answer === 'cancelled' }), sample({ clock: dialogCancelled, source: $dialog, filter: Boolean })],
    source: $asking,
    filter: Boolean,
    fn: (box) => box.payload,
  });
  $asking.reset(yes, no);
  $dialog.reset(yes, no);
  return { requested, confirmed: yes, cancelled: no, $dialog, dialogConfirmed, dialogCancelled, askFx };
}
