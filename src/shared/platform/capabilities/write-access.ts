/**
 * May the bot write to the user? (6.9+, `web_app_request_write_access` → `write_access_requested { status }`.) A user who
 * never pressed /start in the bot's chat cannot get its messages (Telegram answers the bot 403) until they allow it.
 * The launch parameters say whether they have (`user.allows_write_to_pm`).
 */
import { fail, ok, type BridgeResult } from '../bridge-result';
import { runtime } from '../state';
import { ask, hasMethod } from './bridge-call';

/**
 * What the launch parameters say: true allowed, false not (yet), null unknown (outside Telegram, the mock). Read from
 * the raw init data here, not by the launch parameters' schema: only Settings asks, and the schema is on every first screen.
 */
export function telegramAllowsBotMessages(): boolean | null {
  if (runtime.isMock || !runtime.rawInitData) return null;
  try {
    const user = JSON.parse(new URLSearchParams(runtime.rawInitData).get('user') ?? '{}') as { allows_write_to_pm?: unknown };
    return user.allows_write_to_pm === true;
  } catch {
    return null;
  }
}

/** True where the app can ask (6.9+). */
export const canRequestWriteAccess = (): boolean => hasMethod('web_app_request_write_access');

/** Asks Telegram to let the bot write to the user; resolves true when allowed, `cancelled` when declined. */
export async function requestWriteAccess(): Promise<BridgeResult<true>> {
  const answer = await ask<{ status?: string }>('web_app_request_write_access', ['write_access_requested'], { timeoutMs: 120_000 });
  if (!answer.ok) return answer;
  return answer.value.payload.status === 'allowed' ? ok(true) : fail('cancelled', 'platform:errors.writeAccessDenied');
}
