/**
 * POST /api/promo/share-message (issue #35, docs/api.md "Promo"): the invitation as a message the bot prepares for the
 * user's linked Telegram account (Bot API savePreparedInlineMessage), which the app hands to Telegram's shareMessage:
 * the app's own invitation text (the shared `invitation` locale files: the app shares the same words) and a button opening the Mini App with `ref_<CODE>`.
 * Nothing to prepare (no linked Telegram account, no bot, no Mini App link, the Bot API refused) →
 * SHARE_MESSAGE_UNAVAILABLE, and the app shares the link as before.
 */
import { miniAppLink, type PromoShareMessage, type promoShareMessage } from '@/shared/contract';
import enInvitation from '@/shared/i18n/locales/en/invitation.json';
import ruInvitation from '@/shared/i18n/locales/ru/invitation.json';
import { BotApiError, type BotAdapter } from '../../adapters/telegram-bot';
import { catalogError } from '../../http/errors';
import type { RequestContext } from '../../http/route';
import type { PromoDeps } from './service';

export interface ShareMessageDeps extends PromoDeps {
  bot: BotAdapter | undefined;
  app: { botUsername: string; miniAppShortName: string | null };
}

const SHARE_TEXTS = { en: enInvitation, ru: ruInvitation } as const;

/** i18next's `{{name}}` placeholders, as the app fills them. */
const fill = (template: string, values: Record<string, string>): string => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const unavailable = (why: string) => catalogError('SHARE_MESSAGE_UNAVAILABLE', `No invitation can be prepared for Telegram to share: ${why}. Share the link instead.`);

export const prepareShareMessage = async ({ db, bot, app, log, user, body }: RequestContext<typeof promoShareMessage, ShareMessageDeps>): Promise<PromoShareMessage> => {
  const [row] = await db.query<{ promo_code: string; telegram_id: string | number | null }>(
    'SELECT promo_code, telegram_id FROM users WHERE id = $1 AND deleted_at IS NULL',
    [user.userId],
  );
  if (!row || row.telegram_id === null) throw unavailable('the account has no Telegram account linked');
  const link = miniAppLink(app, `ref_${row.promo_code}`);
  if (!bot || !link) throw unavailable('the bot is not configured');
  const texts = SHARE_TEXTS[body.language];
  try {
    const saved = await bot.savePreparedInlineMessage({
      userId: Number(row.telegram_id),
      title: texts.message.title,
      description: fill(texts.message.description, { code: row.promo_code }),
      text: fill(texts.text, { code: row.promo_code }),
      button: { text: texts.message.button, url: link },
    });
    return { preparedMessageId: saved.id, expiresAt: saved.expiresAt?.toISOString() ?? null };
  } catch (error) {
    if (!(error instanceof BotApiError)) throw error;
    log?.warn({ err: error.message, status: error.status }, 'promo: the Bot API refused savePreparedInlineMessage');
    throw unavailable('the bot could not prepare it');
  }
};
