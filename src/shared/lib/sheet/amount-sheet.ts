/**
 * THE two-step money sheet (card top-up, card withdrawal): an amount step, "Continue" checks it and moves to a
 * confirmation, "Back" returns to the amount, closing forgets everything. The sheet belongs to one subject (the card
 * on screen, as it was when the sheet opened). The feature adds what differs: the checks (`confirmWhen`), what the
 * confirmation sends, and what a success does. UI: `AmountSheetFooter`, `AmountField` in `@/shared/ui`.
 */
import { createEvent, createStore, sample, type EventCallable, type Store, type StoreWritable, type Unit } from 'effector';
import { hideKeyboardFx } from '../money-flow';

export type AmountSheetStep = 'closed' | 'amount' | 'confirm';

export interface AmountSheet<Subject> {
  opened: EventCallable<Subject>;
  closed: EventCallable<void>;
  amountChanged: EventCallable<string>;
  /** "Continue": the checks are shown from now on; the feature's `confirmWhen` decides whether to move on. */
  reviewed: EventCallable<void>;
  /** "Back" from the confirmation to the amount (the amount is kept). */
  edited: EventCallable<void>;
  confirmed: EventCallable<void>;
  $subject: Store<Subject | null>;
  $step: Store<AmountSheetStep>;
  /** The amount as typed (writable: a feature may fill it, e.g. "All"). */
  $amountInput: StoreWritable<string>;
  /** Whether "Continue" was pressed since the sheet opened: problems are shown only then. */
  $validationShown: Store<boolean>;
  /** At "Continue", moves to the confirmation when `$ready` holds. */
  confirmWhen: ($ready: Store<boolean>) => void;
}

export function createAmountSheet<Subject>(name: string, { closeOn = [] }: { closeOn?: Array<Unit<unknown>> } = {}): AmountSheet<Subject> {
  const opened = createEvent<Subject>({ name: `${name}.opened` });
  const closed = createEvent({ name: `${name}.closed` });
  const amountChanged = createEvent<string>({ name: `${name}.amountChanged` });
  const reviewed = createEvent({ name: `${name}.reviewed` });
  const edited = createEvent({ name: `${name}.edited` });
  const confirmed = createEvent({ name: `${name}.confirmed` });

  const $subject = createStore<Subject | null>(null, { name: `${name}.$subject`, serialize: 'ignore' })
    .on(opened, (_, subject) => subject)
    .reset(closed);
  const $step = createStore<AmountSheetStep>('closed', { name: `${name}.$step`, serialize: 'ignore' })
    .on(opened, () => 'amount')
    .on(edited, () => 'amount')
    .reset(closed);
  const $amountInput = createStore('', { name: `${name}.$amountInput`, serialize: 'ignore' })
    .on(amountChanged, (_, text) => text)
    .reset(opened, closed);
  const $validationShown = createStore(false, { name: `${name}.$validationShown`, serialize: 'ignore' })
    .on(reviewed, () => true)
    .reset(opened, closed);
  if (closeOn.length) sample({ clock: closeOn, target: closed });

  const confirmWhen = ($ready: Store<boolean>) => {
    sample({ clock: reviewed, filter: $ready, fn: (): AmountSheetStep => 'confirm', target: $step });
  };

  // "Continue" after the amount: the keyboard goes (the confirmation is read, not typed).
  sample({ clock: reviewed, target: hideKeyboardFx });
  return { opened, closed, amountChanged, reviewed, edited, confirmed, $subject, $step, $amountInput, $validationShown, confirmWhen };
}
