/**
 * Sharing a message the bot prepared (Bot API 8.0: the bot's savePreparedInlineMessage, then the Mini App's
 * `shareMessage(id)`): Telegram lets the user pick a chat and sends the message there. Unsupported before 8.0 and
 * outside Telegram: the caller falls back to the link.
 */
import { shareMessage } from '@telegram-apps/sdk-react';
import { settle, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

export async function sharePreparedMessage(preparedMessageId: string): Promise<BridgeResult<void>> {
  const blocked = preflight(shareMessage);
  if (blocked) return blocked;
  return settle(() => shareMessage(preparedMessageId));
}
