/**
 * Share the invite link (SPEC §2 /referral): `https://t.me/<bot>/<app>?startapp=ref_<CODE>`, built from the
 * promo code and GET /api/config `app`. Where Telegram shares prepared messages (8.0+, the 8.0 mock too) the invitation
 * goes as the bot's prepared inline message (POST /api/promo/share-message, then shareMessage: Telegram's chat picker;
 * the message has a button that opens the app with the promo code). Else, or when the server cannot prepare one (no
 * Telegram account linked), inside Telegram it opens Telegram's share sheet (t.me/share/url).
 * Outside Telegram (browser, development mock) there is no share sheet, so the link is copied instead;
 * a refused clipboard says "Failed to copy to clipboard" (SPEC §8).
 */
import { createEffect, createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { $appConfig, $appConfigState, appConfigRequested } from '@/entities/app-config';
import { buildReferralLink } from '@/entities/referral';
import { request } from '@/shared/api';
import { promoShareMessage } from '@/shared/contract';
import { i18n, loadNamespaces } from '@/shared/i18n';
import { writeClipboard } from '@/shared/lib';
import { canShareMessage, getPlatformInfo, haptic, shareMessage, shareUrl } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { shareReferralTexts } from '../i18n/texts';

export type ShareMode = 'telegram' | 'copy';

/**
 * 'telegram' in a real Telegram client or where prepared messages can be shared (8.0+, the 8.0 mock answers them),
 * 'copy' elsewhere (an older mock has no share sheet to open).
 */
export function shareMode(): ShareMode {
  const info = getPlatformInfo();
  return (info.initialized && !info.isMock) || canShareMessage() ? 'telegram' : 'copy';
}

/**
 * The invitation as the bot's prepared message, shared through Telegram's chat picker: 'shared', 'cancelled' (the
 * picker was closed), or null when it cannot be (no prepared messages here, no linked Telegram account, Bot API refused).
 */
async function sharePreparedMessage(): Promise<'shared' | 'cancelled' | null> {
  if (!canShareMessage()) return null;
  const language = i18n.language === 'ru' ? 'ru' : 'en';
  let preparedMessageId: string;
  try {
    ({ preparedMessageId } = await request(promoShareMessage, { body: { language } }));
  } catch {
    return null; // SHARE_MESSAGE_UNAVAILABLE, or the server could not be reached: the link is shared instead
  }
  const result = await shareMessage(preparedMessageId);
  if (result.ok) return 'shared';
  return result.error.kind === 'cancelled' ? 'cancelled' : null;
}

/** Mounted by the share button: loads the link settings (GET /api/config `app`, cached). */
export const ShareReferralGate = createGate({ name: 'ShareReferralGate' });
const $appLinks = $appConfig.map((config) => config?.app ?? null);
/** An invite link can be built (the bot is configured). */
export const $shareAvailable = $appLinks.map((app) => buildReferralLink('CODE', app) !== null);
/** The link settings have loaded or failed to: the button either works or is not shown. */
export const $shareConfigSettled = $appConfigState.map((state) => state !== 'pending');

/** The user pressed "Share" for their promo code. */
export const referralShareRequested = createEvent<string>();

export const shareReferralFx = createEffect(async ({ link, code }: { link: string; code: string }): Promise<'shared' | 'copied' | 'cancelled'> => {
  const prepared = await sharePreparedMessage();
  if (prepared) return prepared;
  if (shareMode() === 'telegram' && !getPlatformInfo().isMock) {
    // The invitation's words are the shared `invitation` namespace (the bot's prepared message says them too).
    await loadNamespaces(['invitation']);
    const result = await shareUrl(link, i18n.t('invitation:text', { code }));
    if (result.ok) return 'shared';
    // Telegram refused: fall back to the clipboard.
  }
  await writeClipboard(link);
  return 'copied';
});

export type ShareFeedback = 'shared' | 'copied' | 'cancelled' | 'failed';

/** Haptic + toast; replaceable in tests (`fork({ handlers: [[shareFeedbackFx, spy]] })`). */
export const shareFeedbackFx = createEffect((feedback: ShareFeedback) => {
  if (feedback === 'shared') {
    haptic.impact('light');
  } else if (feedback === 'copied') {
    haptic.notification('success');
    void notify.success(i18n.t(`${shareReferralTexts.ns}:linkCopied`));
  } else if (feedback === 'failed') {
    haptic.notification('error');
    void notify.error(i18n.t('errors:referral.copyFailed'));
  }
});

sample({ clock: ShareReferralGate.open, target: appConfigRequested });
const shareWithLink = sample({
  clock: referralShareRequested,
  source: $appLinks,
  fn: (app, code) => ({ code, link: buildReferralLink(code, app) }),
});
sample({
  clock: shareWithLink,
  filter: (input): input is { code: string; link: string } => input.link !== null,
  target: shareReferralFx,
});
sample({ clock: shareReferralFx.doneData, target: shareFeedbackFx });
sample({ clock: shareReferralFx.fail, fn: () => 'failed' as const, target: shareFeedbackFx });
