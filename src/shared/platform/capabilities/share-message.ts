/**
 * Sharing a message the bot prepared (Bot API 8.0: the bot's savePreparedInlineMessage, then the Mini App's
 * `web_app_send_prepared_message`): Telegram lets the user pick a chat and sends the message there. Called through the
 * bridge (`request`, already on every first screen) rather than the SDK's `shareMessage` wrapper, whose code would
 * join the entry chunk. Unsupported before 8.0 and outside Telegram: the caller falls back to the link.
 */
import { request, supports, type MethodName } from '@telegram-apps/sdk-react';
import { fail, ok, settle, type BridgeResult } from '../bridge-result';
import { runtime } from '../state';

const METHOD = 'web_app_send_prepared_message';

export async function sharePreparedMessage(preparedMessageId: string): Promise<BridgeResult<void>> {
  const version = runtime.initialized ? runtime.launchParams?.version : undefined;
  if (version === undefined) return fail('outside');
  if (!supports(METHOD as MethodName, version)) return fail('unsupported');
  const run = request as unknown as (method: string, events: string[], options: { params: unknown; timeout: number }) => PromiseLike<{ error?: string } | undefined>;
  const answer = await settle(() => run(METHOD, ['prepared_message_sent', 'prepared_message_failed'], { params: { id: preparedMessageId }, timeout: 120_000 }));
  if (!answer.ok) return answer;
  return answer.value && 'error' in answer.value ? fail('failed') : ok(undefined);
}
