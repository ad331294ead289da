/**
 * Settings screen (SPEC §2 /settings): support contacts and the live limits quoted in the FAQs come from
 * GET /api/config; support opens in Telegram where possible (t.me link), else by email.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { $appConfig, $appConfigState, appConfigRequested } from '@/entities/app-config';
import { languageCloudSyncStarted } from '@/features/change-language';
import { createPageLifecycle } from '@/shared/lib';
import { openTelegramLink } from '@/shared/platform';
import type { FaqItemId } from '../config/faq';

/** GET /api/config (shared, cached): support contacts and the limits the FAQs quote. */
export const $settingsConfig = $appConfig;
export const $settingsConfigState = $appConfigState;

export const settingsPage = createPageLifecycle('settingsPage');
export const settingsConfigRequested = createEvent();

export const faqToggled = createEvent<FaqItemId>();
/** The FAQ items that are open (several may be). */
export const $openFaqItems = createStore<readonly FaqItemId[]>([]).on(faqToggled, (open, id) =>
  open.includes(id) ? open.filter((item) => item !== id) : [...open, id],
);

export const supportTelegramOpened = createEvent();
export const supportEmailOpened = createEvent();

/** Telegram chat with support: inside Telegram through openTelegramLink, elsewhere in a new tab. */
const openSupportTelegramFx = createEffect(async (url: string) => {
  const result = await openTelegramLink(url);
  if (!result.ok) throw new Error(result.error.kind);
});

/** The mail app with a new message to support. */
export const openSupportEmailFx = createEffect((email: string) => {
  window.location.href = `mailto:${email}`;
});

sample({ clock: [settingsPage.opened, settingsConfigRequested], fn: () => undefined, target: appConfigRequested });
// A device without a chosen language takes the one chosen on another device (Telegram Cloud Storage).
sample({ clock: settingsPage.opened, fn: () => undefined, target: languageCloudSyncStarted });
sample({
  clock: supportTelegramOpened,
  source: $settingsConfig,
  filter: Boolean,
  fn: (config) => config!.support.telegramUrl,
  target: openSupportTelegramFx,
});
sample({
  clock: supportEmailOpened,
  source: $settingsConfig,
  filter: Boolean,
  fn: (config) => config!.support.email,
  target: openSupportEmailFx,
});
// If Telegram cannot open the link (invalid URL), fall back to email.
sample({ clock: openSupportTelegramFx.fail, target: supportEmailOpened });
