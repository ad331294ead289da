/**
 * Shows a failed card operation (SPEC §8): toast "Card Operation Error" with the operation's own message
 * and, when known, the reason; plus an error haptic. Features call it from their models.
 */
import { createEffect } from 'effector';
import { i18n } from '@/shared/i18n';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { CARD_OPERATION_ERROR_TITLE_KEY, failureReasonKeys } from '../lib/card-failure';
import { cardTexts } from '../i18n/texts';

export interface CardFailure {
  /** The operation's own words (an i18n key: 'errors:cards.topUpFailed' — "Failed to top up card"). */
  message: string;
  /** The failed call's error (ApiError), if a call failed. */
  error?: unknown;
  /** An issuer code instead (card statusReason, e.g. KYC_REJECTED). */
  reasonCode?: string | null;
}

/** "Failed to top up card. Not enough money in the wallet." (the reason only when a text exists for it). */
export function describeCardFailure({ message, error, reasonCode }: CardFailure): { title: string; description: string } {
  const title = i18n.t(CARD_OPERATION_ERROR_TITLE_KEY, { defaultValue: 'Card Operation Error' });
  const operationText = i18n.t(message);
  // An issuer code: the card's own sentence, else the shared words for every server code (errors:reasons); never the code.
  const reasonKeys = reasonCode ? [`${cardTexts.ns}:statusReason.${reasonCode}`, `errors:reasons.${reasonCode}`] : failureReasonKeys(error);
  const reasonKey = reasonKeys.find((key) => i18n.exists(key));
  const description = reasonKey ? `${operationText}. ${i18n.t(reasonKey)}` : operationText;
  return { title, description };
}

export const showCardFailureFx = createEffect((failure: CardFailure) => {
  const { title, description } = describeCardFailure(failure);
  haptic.notification('error');
  void notify.error(title, { description });
});
