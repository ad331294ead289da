import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { catalogError } from '../../http/errors';

/**
 * THE step-up guard (contract `requires: ['step-up']`, docs/api.md "Guards"): card-data reveal, email change, ending
 * sessions and account deletion want, when the account has an app lock, an unlock (passcode or biometry, a passcode set,
 * or a sign-in) in this very session at most `windowSeconds` old — even on an unlocked session. Read from the request's
 * session row (AuthContext.appLock): no query. Without a lock there is nothing to step up with: the sign-in is the proof.
 */
export const requireStepUp = (auth: AuthContext, clock: Clock, windowSeconds: number): void => {
  const { enabled, unlockedAt } = auth.appLock;
  if (!enabled) return;
  if (unlockedAt && clock.now().getTime() - unlockedAt.getTime() <= windowSeconds * 1000) return;
  throw catalogError('STEP_UP_REQUIRED', 'Confirm it’s you: enter your passcode to continue.');
};
