/**
 * Activation of a physical card that arrived (status `inactive`): the 6-digit code from its envelope,
 * typed or scanned with Telegram's QR scanner (6.4+). POST /api/cards/activate answers the card in
 * `activating`; the card entity polls it until it is `active`.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { attemptsLeftOf, cardChanged, cardClosed, cardOpened, errorCodeOf, showCardFailureFx } from '@/entities/card';
import { createIdempotentMutation } from '@/shared/api';
import { cardsActivate, type Card } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { getPlatformInfo, haptic, scanQrCode } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { extractActivationCode, isActivationCode } from '../lib/activation-code';
import { cardActivateTexts } from '../i18n/texts';

const activateMutation = createIdempotentMutation(cardsActivate);

/** How long the scanner may stay open: before 7.7 a dismissed scanner is never reported. */
const SCAN_TIMEOUT_MS = 30_000;

export const activateOpened = createEvent<Card>();
export const activateClosed = createEvent();
// The sheet belongs to the card on screen: opening another card or leaving the card closes it.
sample({ clock: [cardOpened, cardClosed], target: activateClosed });
export const codeChanged = createEvent<string>();
export const activateSubmitted = createEvent();
export const scanPressed = createEvent();

export type CodeProblem = 'format' | 'wrong' | 'tooMany';

export const $activateCard = createStore<Card | null>(null, { serialize: 'ignore' })
  .on(activateOpened, (_, card) => card)
  .reset(activateClosed);
export const $activateOpen = $activateCard.map(Boolean);
export const $code = createStore('').on(codeChanged, (_, code) => code.replace(/\D/g, '').slice(0, 6)).reset(activateOpened, activateClosed);
export const $codeProblem = createStore<CodeProblem | null>(null).reset(codeChanged, activateOpened, activateClosed);

const checkScannerFx = createEffect(() => getPlatformInfo().features.qrScanner);
export const $scanAvailable = createStore(false).on(checkScannerFx.doneData, (_, available) => available);
sample({ clock: activateOpened, target: checkScannerFx });

// ── Scanning ──────────────────────────────────────────────────────────────────────────────────────

const scanFx = createEffect(async () => {
  const result = await scanQrCode({
    text: i18n.t(`${cardActivateTexts.ns}:scanText`),
    timeoutMs: SCAN_TIMEOUT_MS,
    validate: (text) => extractActivationCode(text) !== null,
  });
  if (!result.ok) throw result.error;
  return extractActivationCode(result.value)!;
});
export const $scanning = scanFx.pending;
sample({ clock: scanPressed, source: scanFx.pending, filter: (busy) => !busy, fn: () => undefined, target: scanFx });
sample({ clock: scanFx.doneData, target: codeChanged });
sample({ clock: scanFx.doneData, target: activateSubmitted });
/** Why the scan gave nothing (platform message key), except when the user simply closed it. */
export const $scanError = createStore<string | null>(null)
  .on(scanFx.failData, (_, error) => {
    const failure = error as { kind?: string; messageKey?: string };
    return failure.kind === 'cancelled' ? null : failure.kind === 'timeout' ? `${cardActivateTexts.ns}:scanTimeout` : failure.messageKey ?? 'platform:errors.failed';
  })
  .reset(scanPressed, codeChanged, activateOpened, activateClosed);

// ── Request ───────────────────────────────────────────────────────────────────────────────────────

const badFormat = sample({ clock: activateSubmitted, source: $code, filter: (code) => !isActivationCode(code) });
$codeProblem.on(badFormat, () => 'format');

// The key belongs to the intent (this card, this code) until a definitive answer (shared/api).
sample({
  clock: activateSubmitted,
  source: { card: $activateCard, code: $code, busy: activateMutation.$pending },
  filter: ({ card, code, busy }) => card !== null && isActivationCode(code) && !busy,
  fn: ({ card, code }) => ({ body: { cardId: card!.id, activationCode: code } }),
  target: activateMutation.start,
});
export const $activating = activateMutation.$pending;

sample({ clock: activateMutation.finished.success, fn: ({ result }) => result, target: cardChanged });
const announceFx = createEffect(() => {
  haptic.notification('success');
  void notify.success(i18n.t(`${cardActivateTexts.ns}:accepted`));
});
sample({ clock: activateMutation.finished.success, target: [announceFx, activateClosed] });

const failed = activateMutation.finished.failure.map(({ error }) => error);
$codeProblem.on(failed, (problem, error) => {
  const code = errorCodeOf(error);
  return code === 'INVALID_ACTIVATION_CODE' ? 'wrong' : code === 'ACTIVATION_ATTEMPTS_EXCEEDED' ? 'tooMany' : problem;
});
// A wrong code is said next to the input; everything else is a card operation failure.
sample({
  clock: failed,
  filter: (error) => errorCodeOf(error) !== 'INVALID_ACTIVATION_CODE',
  fn: (error) => ({ message: 'errors:cards.activateFailed', error }),
  target: showCardFailureFx,
});
const wrongCodeFx = createEffect(() => haptic.notification('error'));
const wrongCode = sample({ clock: failed, filter: (error) => errorCodeOf(error) === 'INVALID_ACTIVATION_CODE' });
sample({ clock: wrongCode, target: wrongCodeFx });
// A wrong code is cleared, so the next one is typed from the first box (the message stays until typing).
$code.on(wrongCode, () => '');

// ── What the problem says ─────────────────────────────────────────────────────────────────────────

/** Wrong codes the card still accepts, from the server's answer to the last wrong code (null when it did not say). */
const $attemptsLeft = createStore<number | null>(null)
  .on(wrongCode, (_, error) => attemptsLeftOf(error))
  .reset(codeChanged, activateOpened, activateClosed);
/** The i18n key + values of the problem shown next to the input: "Wrong code. 2 tries left" (plural forms in the locales). */
export const $codeProblemText = combine($codeProblem, $attemptsLeft, (problem, left) =>
  problem === null
    ? null
    : problem === 'wrong' && left !== null
      ? { key: `${cardActivateTexts.ns}:problem.wrongTries`, values: { count: left } as Record<string, unknown> }
      : { key: `${cardActivateTexts.ns}:problem.${problem}`, values: {} as Record<string, unknown> },
);
