/**
 * Showing a card's number, expiry and CVV (SPEC §1 "Viewing sensitive card data").
 *
 *   revealRequested(card)
 *     → authorise: biometry where available (7.2+), else a confirmation: Telegram popup where available
 *       (6.2+), else the in-app dialog ($dialogOpen → revealDialogConfirmed / revealDialogCancelled)
 *     → a one-time ECDH P-256 key pair (non-extractable private key) → POST /api/cards/sensitive
 *     → decrypt in the browser → shown for $secondsLeft (≤ 30 s, visible countdown)
 *   hidden when: the time is up, "Hide", the app goes to the background (onAppHidden), the card is left
 *   or another one opened (revealClosed, on the card entity's events), or another card is asked for. Hiding drops the plaintext and the key from the stores,
 *   and takes what was copied back off the clipboard where the platform allows (shared/lib clipboard); where it
 *   does not, a toast says the data is still there (and it is cleared when the app gets focus again).
 *
 * The plaintext lives only in `$revealed` (serialize: 'ignore'): never in localStorage, never logged.
 */
import { createEffect, createEvent, createStore, merge, sample, scopeBind } from 'effector';
import { interval } from 'patronum';
import { cardClosed, cardOpened, showCardFailureFx } from '@/entities/card';
import { createApiMutation } from '@/shared/api';
import { cardsSensitive, type Card, type SensitiveData } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { clearCopiedText, onNextFocus, writeClipboard, type ClipboardClearResult } from '@/shared/lib';
import { authenticateWithBiometry, getBiometryStatus, getPlatformInfo, haptic, onAppHidden, showPopup } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { createRevealKeyPair, decryptSensitiveData, formatExpiry, formatPan, type RevealKeyPair } from '../lib/sensitive-crypto';
import { revealSeconds } from '../lib/reveal-timing';
import { cardRevealTexts } from '../i18n/texts';

const sensitiveMutation = createApiMutation(cardsSensitive);

export const revealRequested = createEvent<Card>();
export const revealDialogConfirmed = createEvent();
export const revealDialogCancelled = createEvent();
export const hideRequested = createEvent();
/** The screen with the card is gone (also on the card entity's `cardOpened` / `cardClosed`). */
export const revealClosed = createEvent();
sample({ clock: [cardOpened, cardClosed], target: revealClosed });
export type RevealField = 'number' | 'expiry' | 'cvv' | 'holder';
export const copyRequested = createEvent<RevealField>();

export type RevealPhase = 'idle' | 'authorizing' | 'dialog' | 'loading' | 'shown';

export interface RevealedCard {
  cardId: string;
  number: string;
  expiry: string;
  cvv: string;
  holder: string;
}

export const $phase = createStore<RevealPhase>('idle');
/** The card being revealed. */
export const $revealCardId = createStore<string | null>(null);
export const $revealed = createStore<RevealedCard | null>(null, { serialize: 'ignore' });
export const $secondsLeft = createStore(0);
export const $totalSeconds = createStore(0);
export const $dialogOpen = $phase.map((phase) => phase === 'dialog');
const $keyPair = createStore<RevealKeyPair | null>(null, { serialize: 'ignore' });

// ── 1. Authorise ──────────────────────────────────────────────────────────────────────────────────

type Authorization = 'granted' | 'denied' | 'dialog';

/** Biometry (where the device has it), else Telegram's popup, else our own dialog. */
const authorizeFx = createEffect(async (): Promise<Authorization> => {
  const { features } = getPlatformInfo();
  if (features.biometry) {
    const status = await getBiometryStatus();
    if (status.ok && status.value.available) {
      const auth = await authenticateWithBiometry(i18n.t(`${cardRevealTexts.ns}:biometryReason`));
      if (auth.ok) return auth.value ? 'granted' : 'denied';
      if (auth.error.kind === 'cancelled') return 'denied';
    }
  }
  if (features.popup) {
    const answer = await showPopup({
      title: i18n.t(`${cardRevealTexts.ns}:confirmTitle`),
      message: i18n.t(`${cardRevealTexts.ns}:confirmText`),
      buttons: [
        { id: 'reveal', type: 'default', text: i18n.t(`${cardRevealTexts.ns}:confirmShow`) },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    if (answer.ok) return answer.value === 'reveal' ? 'granted' : 'denied';
  }
  return 'dialog';
});

const started = sample({
  clock: revealRequested,
  source: $phase,
  filter: (phase, card) => (phase === 'idle' || phase === 'shown') && card.allowedActions.includes('reveal'),
  fn: (_, card) => card.id,
});
$revealCardId.on(started, (_, id) => id);
$phase.on(started, () => 'authorizing');
sample({ clock: started, fn: () => undefined, target: authorizeFx });

const granted = merge([authorizeFx.doneData.filter({ fn: (answer) => answer === 'granted' }), revealDialogConfirmed]);
$phase.on(authorizeFx.doneData, (phase, answer) => (phase !== 'authorizing' ? phase : answer === 'dialog' ? 'dialog' : answer === 'granted' ? 'loading' : 'idle'));
$phase.on(authorizeFx.fail, (phase) => (phase === 'authorizing' ? 'dialog' : phase));
$phase.on(revealDialogConfirmed, (phase) => (phase === 'dialog' ? 'loading' : phase));
$phase.on(revealDialogCancelled, (phase) => (phase === 'dialog' ? 'idle' : phase));

// ── 2. Key pair, request, decryption ───────────────────────────────────────────────────────────────

const keyPairFx = createEffect(createRevealKeyPair);
sample({ clock: granted, source: $phase, filter: (phase) => phase === 'loading', fn: () => undefined, target: keyPairFx });
$keyPair.on(keyPairFx.doneData, (_, pair) => pair);
sample({
  clock: keyPairFx.doneData,
  source: $revealCardId,
  filter: Boolean,
  fn: (cardId, pair) => ({ body: { cardId, publicKey: pair.publicJwk } }),
  target: sensitiveMutation.start,
});

const decryptFx = createEffect(async ({ keyPair, data, cardId }: { keyPair: RevealKeyPair; data: SensitiveData; cardId: string }) => {
  const plain = await decryptSensitiveData(keyPair.privateKey, data, cardId);
  const revealed: RevealedCard = {
    cardId,
    number: formatPan(plain.pan),
    expiry: formatExpiry(plain.expiryMonth, plain.expiryYear),
    cvv: plain.cvv,
    holder: plain.cardholderName,
  };
  return { revealed, seconds: revealSeconds(data.expiresAt) };
});
sample({
  clock: sensitiveMutation.finished.success,
  source: { keyPair: $keyPair, cardId: $revealCardId, phase: $phase },
  filter: ({ keyPair, cardId, phase }, { params }) => keyPair !== null && phase === 'loading' && params.body.cardId === cardId,
  fn: ({ keyPair }, { result, params }) => ({ keyPair: keyPair!, data: result, cardId: params.body.cardId }),
  target: decryptFx,
});
// The private key is single-use.
$keyPair.reset(decryptFx.finally, sensitiveMutation.finished.failure);

const shown = sample({
  clock: decryptFx.doneData,
  source: { phase: $phase, cardId: $revealCardId },
  filter: ({ phase, cardId }, { revealed }) => phase === 'loading' && cardId === revealed.cardId,
  fn: (_, done) => done,
});
$revealed.on(shown, (_, { revealed }) => revealed);
$secondsLeft.on(shown, (_, { seconds }) => seconds);
$totalSeconds.on(shown, (_, { seconds }) => seconds);
$phase.on(shown, () => 'shown');

const decryptionErrorFx = createEffect(() => {
  haptic.notification('error');
  void notify.error(i18n.t('errors:cards.operationError'), { description: i18n.t('errors:cards.decryptionFailed') });
});
sample({ clock: decryptFx.fail, target: decryptionErrorFx });
sample({
  clock: sensitiveMutation.finished.failure,
  fn: ({ error }) => ({ message: 'errors:cards.fetchSensitiveDataFailed', error }),
  target: showCardFailureFx,
});
$phase.on([decryptFx.fail, sensitiveMutation.finished.failure, keyPairFx.fail], (phase) => (phase === 'loading' ? 'idle' : phase));
sample({ clock: keyPairFx.fail, target: decryptionErrorFx });

// ── 3. Countdown and hiding ───────────────────────────────────────────────────────────────────────

const hidden = createEvent();
const { tick } = interval({ timeout: 1000, start: shown, stop: hidden });
$secondsLeft.on(tick, (seconds) => Math.max(0, seconds - 1));
sample({ clock: $secondsLeft.updates, source: $phase, filter: (phase, seconds) => phase === 'shown' && seconds === 0, target: hidden });

const appWentHidden = createEvent();
const $unsubscribeHidden = createStore<(() => void) | null>(null, { serialize: 'ignore' });
const watchAppHiddenFx = createEffect(() => onAppHidden(scopeBind(appWentHidden, { safe: true })));
const unwatchAppHiddenFx = createEffect((unsubscribe: () => void) => unsubscribe());
sample({ clock: shown, target: watchAppHiddenFx });
$unsubscribeHidden.on(watchAppHiddenFx.doneData, (_, unsubscribe) => unsubscribe);

sample({ clock: [hideRequested, appWentHidden], source: $phase, filter: (phase) => phase === 'shown', target: hidden });
// Leaving the screen or asking for another card cancels whatever is in progress too.
sample({ clock: [revealClosed, started], target: hidden });

sample({ clock: hidden, source: $unsubscribeHidden, filter: Boolean, target: unwatchAppHiddenFx });
$unsubscribeHidden.reset(unwatchAppHiddenFx.done);
$revealed.reset(hidden);
$secondsLeft.reset(hidden);
$phase.on(hidden, (phase) => (phase === 'shown' || phase === 'loading' || phase === 'dialog' ? 'idle' : phase));
$keyPair.reset(hidden);
$revealCardId.reset(revealClosed);

// ── Copy ──────────────────────────────────────────────────────────────────────────────────────────

const copyFx = createEffect(async ({ field, text }: { field: RevealField; text: string }) => {
  const copied = field === 'number' ? text.replace(/\s/g, '') : text;
  await writeClipboard(copied);
  return { field, copied };
});
sample({
  clock: copyRequested,
  source: $revealed,
  filter: Boolean,
  fn: (revealed, field) => ({ field, text: { number: revealed.number, expiry: revealed.expiry, cvv: revealed.cvv, holder: revealed.holder }[field] }),
  target: copyFx,
});
const copiedFx = createEffect((field: RevealField) => {
  haptic.notification('success');
  void notify.success(i18n.t(`${cardRevealTexts.ns}:copied`, { field: i18n.t(`${cardRevealTexts.ns}:field.${field}`) }));
});
const copyFailedFx = createEffect(() => {
  haptic.notification('error');
  void notify.error(i18n.t(`${cardRevealTexts.ns}:copyFailed`));
});
sample({ clock: copyFx.doneData, fn: ({ field }) => field, target: copiedFx });
sample({ clock: copyFx.fail, target: copyFailedFx });

// ── Clipboard clean-up when the data hides ────────────────────────────────────────────────────────

/** What we last put on the clipboard (only that is ever cleared). */
const $copiedText = createStore<string | null>(null, { serialize: 'ignore' });
$copiedText.on(copyFx.doneData, (_, { copied }) => copied);

const clearClipboardFx = createEffect(clearCopiedText);
sample({ clock: hidden, source: $copiedText, filter: Boolean, target: clearClipboardFx });
$copiedText.reset(clearClipboardFx);

const clipboardKeptFx = createEffect(() => {
  void notify.warning(i18n.t(`${cardRevealTexts.ns}:clipboardKept`), { description: i18n.t(`${cardRevealTexts.ns}:clipboardKeptHint`) });
});
sample({
  clock: clearClipboardFx.doneData,
  filter: (result: ClipboardClearResult) => result === 'unfocused' || result === 'failed',
  target: clipboardKeptFx,
});

// Without focus the clipboard cannot be written: try again once the app has focus again.
const focusReturned = createEvent();
const $waitingForFocus = createStore<{ text: string; unsubscribe: () => void } | null>(null, { serialize: 'ignore' });
const watchFocusFx = createEffect((text: string) => ({ text, unsubscribe: onNextFocus(scopeBind(focusReturned, { safe: true })) }));
sample({
  clock: clearClipboardFx.done,
  filter: ({ result }) => result === 'unfocused',
  fn: ({ params }) => params,
  target: watchFocusFx,
});
const unwatchFocusFx = createEffect((waiting: { unsubscribe: () => void }) => waiting.unsubscribe());
// A new attempt or a new copy supersedes an old wait.
sample({ clock: [clearClipboardFx, copyFx.done], source: $waitingForFocus, filter: Boolean, target: unwatchFocusFx });
$waitingForFocus.reset(unwatchFocusFx);
$waitingForFocus.on(watchFocusFx.doneData, (_, waiting) => waiting);
sample({
  clock: focusReturned,
  source: $waitingForFocus,
  filter: Boolean,
  fn: ({ text }) => text,
  target: clearClipboardFx,
});
