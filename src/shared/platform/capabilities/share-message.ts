/**
 * Shares a message the bot prepared (8.0+): `web_app_send_prepared_message { id }`, the id the server got from the Bot
 * API's savePreparedInlineMessage; Telegram shows its chat picker and sends the message (with its button) there.
 * Answers `prepared_message_sent`, or `prepared_message_failed { error }` (USER_DECLINED when the picker was closed).
 */
import { fail, ok, type BridgeResult } from '../bridge-result';
import { ask, hasMethod } from './bridge-call';

/** True where prepared messages can be shared (8.0+ inside Telegram or the 8.0 mock). */
export const canShareMessage = (): boolean => hasMethod('web_app_send_prepared_message');

export async function shareMessage(preparedMessageId: string): Promise<BridgeResult<true>> {
  const answer = await ask<{ error?: string }>('web_app_send_prepared_message', ['prepared_message_sent', 'prepared_message_failed'], {
    params: { id: preparedMessageId },
    timeoutMs: 300_000,
  });
  if (!answer.ok) return answer;
  if (answer.value.event === 'prepared_message_sent') return ok(true);
  return answer.value.payload.error === 'USER_DECLINED' ? fail('cancelled') : fail('failed', 'platform:errors.failed', answer.value.payload.error);
}
