/**
 * `npm run bot:set-webhook` (compiled: `node dist-server/bot-webhook.js`): registers the bot's webhook with its secret
 * (bot-webhook-command.ts; docs/deploy.md "Launch").
 */
import { setBotWebhook } from './bot-webhook-command';

setBotWebhook(process.env).then(
  (line) => console.log(line),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
