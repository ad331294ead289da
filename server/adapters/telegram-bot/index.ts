/** The Telegram bot integration: interface and the Bot API (the sandbox outbox: server/sandbox/bot.ts). */
export { BotApiError, type BotAdapter, type BotButton, type BotMessage, type PreparedInlineMessage } from './bot';
export { TelegramBotAdapter } from './telegram';

/** Where Telegram posts the bot's updates (setWebhook url = PUBLIC_ORIGIN + this path). */
export const BOT_WEBHOOK_PATH = '/api/webhooks/telegram-bot';
/** The header Telegram sends the setWebhook secret_token in. */
export const BOT_SECRET_HEADER = 'x-telegram-bot-api-secret-token';
