/**
 * Share the invite link (SPEC §2 /referral): `https://t.me/<bot>/<app>?startapp=ref_<CODE>`, built from the
 * promo code and GET /api/config `app`. Inside Telegram it opens Telegram's share sheet (t.me/share/url).
 * Outside Telegram (browser, development mock) there is no share sheet, so the link is copied instead;
 * a refused clipboard says "Failed to copy to clipboard" (SPEC §8).
 */
import { createEffect, createEvent, sample } from 'effector';
import { createGate } from 'effector-react';
import { $appConfig, $appConfigState, appConfigRequested } from '@/entities/app-config';
import { buildReferralLink } from '@/entities/referral';
import { i18n } from '@/shared/i18n';
import { writeClipboard } from '@/shared/lib';
import { getPlatformInfo, haptic, shareUrl } from '@/shared/platform';
import { notify } from '@/shared/ui';

export type ShareMode = 'telegram' | 'copy';

/** 'telegram' in a real Telegram client, 'copy' elsewhere (the development mock has no share sheet to open). */
export function shareMode(): ShareMode {
  const info = getPlatformInfo();
  return info.initialized && !info.isMock ? 'telegram' : 'copy';
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

export const shareReferralFx = createEffect(async ({ link, code }: { link: string; code: string }): Promise<'shared' | 'copied'> => {
  if (shareMode() === 'telegram') {
    const result = await shareUrl(link, i18n.t('referral:share.text', { code }));
    if (result.ok) return 'shared';
    // Telegram refused: fall back to the clipboard.
  }
  await writeClipboard(link);
  return 'copied';
});

export type ShareFeedback = 'shared' | 'copied' | 'failed';

/** Haptic + toast; replaceable in tests (`fork({ handlers: [[shareFeedbackFx, spy]] })`). */
export const shareFeedbackFx = createEffect((feedback: ShareFeedback) => {
  if (feedback === 'shared') {
    haptic.impact('light');
  } else if (feedback === 'copied') {
    haptic.notification('success');
    void notify.success(i18n.t('referral:copy.linkCopied'));
  } else {
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
