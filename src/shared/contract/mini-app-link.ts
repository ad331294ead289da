import type { AppConfig } from './config';

/**
 * The Telegram link that opens this Mini App: `https://t.me/<bot>/<app>`, or `https://t.me/<bot>` when the Mini App
 * has no short name (the bot's main Mini App), with `?startapp=<startParam>` when given. Null when the bot is not
 * configured. Referral links (startapp=ref_<CODE>) and SBP returns (the server adds startapp=sbp_<paymentId>) use it.
 */
export function miniAppLink(app: AppConfig['app'] | null | undefined, startParam?: string): string | null {
  const bot = app?.botUsername.trim().replace(/^@/, '');
  if (!bot) return null;
  const path = app?.miniAppShortName ? `${encodeURIComponent(bot)}/${encodeURIComponent(app.miniAppShortName)}` : encodeURIComponent(bot);
  return `https://t.me/${path}${startParam ? `?startapp=${encodeURIComponent(startParam)}` : ''}`;
}
