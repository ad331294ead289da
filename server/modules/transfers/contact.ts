/**
 * Sending to a contact the sender shares through Telegram. A Mini App cannot read the user's contacts (requestContact
 * shares only the user's OWN number), so the bot does it: POST /api/transfers/contact-picker has the bot send a
 * one-time "Choose a contact" keyboard button (KeyboardButtonRequestUsers) to the caller's chat; the contact picked
 * there (or a contact card sent to the bot) comes back as an update, and the job below answers with a button that
 * opens the app on the confirm step of a transfer to that person (`startapp=pay_<payCode>`), or says they do not use
 * the wallet yet. docs/transfers.md "Transfers between users".
 */
import { randomInt } from 'node:crypto';
import type { ContactPicker, transfersContactPicker } from '@/shared/contract';
import { miniAppLink } from '@/shared/contract';
import type { BotAdapter } from '../../adapters/telegram-bot';
import type { Db } from '../../db/db';
import { PermanentJobError } from '../../jobs';
import type { ContactSharedPayload } from '../notifications';
import { maskedName, paymentProfile, type TransfersDeps, type TransfersRequest } from './shared';

const TEXTS = {
  en: {
    pick: 'Choose who to send money to: tap the button below and pick a contact.',
    pickButton: 'Choose a contact',
    found: (name: string) => `Send money to ${name}: open the app to enter the amount.`,
    foundButton: (name: string) => `Send to ${name}`,
    missing: 'This person does not use the wallet yet. Invite them with your referral link from the app.',
  },
  ru: {
    pick: 'Выберите, кому перевести деньги: нажмите кнопку ниже и выберите контакт.',
    pickButton: 'Выбрать контакт',
    found: (name: string) => `Перевод для ${name}: откройте приложение, чтобы ввести сумму.`,
    foundButton: (name: string) => `Перевести: ${name}`,
    missing: 'Этот человек пока не пользуется кошельком. Пригласите его по реферальной ссылке из приложения.',
  },
};

const botUrl = (app: TransfersDeps['app']) => `https://t.me/${encodeURIComponent(app.botUsername.replace(/^@/, ''))}`;

export const openContactPicker = async ({ db, user, bot, app, lang }: TransfersRequest<typeof transfersContactPicker>): Promise<ContactPicker> => {
  const [row] = await db.query<{ telegram_id: string | number | null }>('SELECT telegram_id FROM users WHERE id = $1', [user.userId]);
  if (!bot || row?.telegram_id == null) return { sent: false, botUrl: botUrl(app) };
  const t = TEXTS[lang === 'ru' ? 'ru' : 'en'];
  try {
    await bot.sendMessage({ chatId: Number(row.telegram_id), text: t.pick, requestUser: { requestId: randomInt(1, 2 ** 31 - 1), text: t.pickButton } });
    return { sent: true, botUrl: botUrl(app) };
  } catch {
    return { sent: false, botUrl: botUrl(app) };
  }
};

/** The 'transfers.contactShared' job: who the picked Telegram user is in the wallet, answered in the chat. */
export const answerSharedContact = async (
  deps: { db: Db; bot: BotAdapter | undefined; app: TransfersDeps['app']; now: () => Date },
  payload: ContactSharedPayload,
): Promise<void> => {
  if (!deps.bot) throw new PermanentJobError('no bot configured');
  const t = TEXTS[payload.language];
  const [person] = await deps.db.query<{ id: string; first_name: string; last_name: string }>(
    'SELECT id, first_name, last_name FROM users WHERE telegram_id = $1 AND deleted_at IS NULL',
    [payload.telegramUserId],
  );
  if (!person) {
    await deps.bot.sendMessage({ chatId: payload.chatId, text: t.missing, removeKeyboard: true });
    return;
  }
  const { payCode } = await deps.db.tx((q) => paymentProfile(q, person.id, deps.now()));
  const name = maskedName(person.first_name, person.last_name);
  const url = miniAppLink(deps.app, `pay_${payCode}`);
  await deps.bot.sendMessage({ chatId: payload.chatId, text: t.found(name), ...(url ? { button: { text: t.foundButton(name), url } } : {}), removeKeyboard: true });
};
