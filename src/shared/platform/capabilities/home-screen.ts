/**
 * "Add to home screen" (8.0+): a shortcut to the Mini App on the phone's home screen. `checkHomeScreen()` says whether it
 * is there already (`added`), could be (`missed`) or cannot be (`unsupported`) — `unknown` where Telegram cannot tell;
 * `addToHomeScreen()` asks Telegram to add it and resolves once it says it did (`home_screen_added`) or could not.
 */
import { fail, ok, type BridgeResult } from '../bridge-result';
import { ask, hasMethod } from './bridge-call';

export type HomeScreenStatus = 'unsupported' | 'unknown' | 'added' | 'missed';

/** Where the shortcut stands; `unsupported` before 8.0 and outside Telegram. */
export async function checkHomeScreen(): Promise<HomeScreenStatus> {
  if (!hasMethod('web_app_check_home_screen')) return 'unsupported';
  const answer = await ask<{ status?: string }>('web_app_check_home_screen', ['home_screen_checked'], { timeoutMs: 5000 });
  if (!answer.ok) return 'unknown';
  const status = answer.value.payload.status;
  return status === 'added' || status === 'missed' || status === 'unsupported' ? status : 'unknown';
}

/** Asks Telegram to add the shortcut; resolves true once added. */
export async function addToHomeScreen(): Promise<BridgeResult<true>> {
  const answer = await ask<{ error?: string }>('web_app_add_to_home_screen', ['home_screen_added', 'home_screen_failed'], { timeoutMs: 120_000 });
  if (!answer.ok) return answer;
  if (answer.value.event === 'home_screen_added') return ok(true);
  return answer.value.payload.error === 'UNSUPPORTED' ? fail('unsupported') : fail('cancelled');
}

/** True where the app may offer it (8.0+). */
const canAddToHomeScreen = (): boolean => hasMethod('web_app_add_to_home_screen');
