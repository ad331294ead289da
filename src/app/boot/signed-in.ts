/**
 * What starts with a signed-in session, a chunk of its own (nothing of it on a first screen): the app lock's check and
 * its activity tracking (features/app-lock), and Telegram's SettingsButton — the "Settings" item of the Mini App's menu
 * in Telegram (6.10+) — opening the app's Settings while signed in and unlocked (issue #35).
 */
import { combine } from 'effector';
import { $appLocked } from '@/entities/app-lock';
import { $isAuthenticated } from '@/entities/session';
import { appLockStarted } from '@/features/app-lock';
import { routePaths } from '@/shared/config';
import { navigateFx } from '@/shared/lib';
import { showSettingsButton } from '@/shared/platform';

let settingsBound = false;

function bindSettingsButton(): void {
  if (settingsBound) return;
  settingsBound = true;
  let hide: (() => void) | null = null;
  combine($isAuthenticated, $appLocked, (signedIn, locked) => signedIn && !locked).watch((shown) => {
    if (shown && !hide) {
      hide = showSettingsButton(() => {
        void navigateFx({ to: routePaths.settings });
      });
    } else if (!shown && hide) {
      hide();
      hide = null;
    }
  });
}

export function signedInStarted(): void {
  appLockStarted();
  bindSettingsButton();
}
