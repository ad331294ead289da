/**
 * "Add to home screen" (issue #35): offered on the success page once a top-up has succeeded (the first one onwards),
 * where Telegram can add a shortcut (8.0+) and it is not there yet (`checkHomeScreen()` says `missed`); hidden when
 * added, unsupported or unknown. Telegram asks the user itself (its own dialog); only an `added` answer hides it.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { $sbpPayment } from '@/features/topup-sbp';
import { addToHomeScreen, checkHomeScreen, haptic, type HomeScreenStatus } from '@/shared/platform';
import { paymentSuccessPage } from './payment-success';

/** Where the shortcut stands (replaceable in tests). */
export const checkHomeScreenFx = createEffect((): Promise<HomeScreenStatus> => checkHomeScreen());
/** Telegram's "add to home screen": true once added (replaceable in tests). */
export const addToHomeScreenFx = createEffect(async (): Promise<boolean> => {
  const result = await addToHomeScreen();
  if (result.ok) haptic.notification('success');
  return result.ok;
});
export const addToHomeScreenPressed = createEvent();

const $status = createStore<HomeScreenStatus>('unknown')
  .on(checkHomeScreenFx.doneData, (_, status) => status)
  .on(addToHomeScreenFx.doneData, (status, added) => (added ? 'added' : status));
const $checked = createStore(false)
  .on(checkHomeScreenFx, () => true)
  .reset(paymentSuccessPage.opened);
/** The offer is shown: the top-up succeeded and Telegram could add the shortcut that is not there yet. */
export const $homeScreenOffered = $status.map((status) => status === 'missed');
export const $addingToHomeScreen = addToHomeScreenFx.pending;

sample({
  clock: [$sbpPayment, paymentSuccessPage.opened],
  source: { payment: $sbpPayment, checked: $checked, open: paymentSuccessPage.$open },
  filter: ({ payment, checked, open }) => open && !checked && payment?.status === 'succeeded',
  fn: () => undefined,
  target: checkHomeScreenFx,
});
sample({ clock: addToHomeScreenPressed, filter: $homeScreenOffered, target: addToHomeScreenFx });
