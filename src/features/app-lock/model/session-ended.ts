import { createEffect, sample } from 'effector';
import { i18n } from '@/shared/i18n';
import { notify } from '@/shared/ui';
import { appLockTexts } from '../i18n/texts';
import { sessionEndedByLock } from './sync';

/**
 * "The session has ended" once the last wrong try ended it on the server. Here, not in sync.ts: only the lock screen's
 * and the settings' models end a session this way, and they bring the words (sync.ts is on every start's path).
 */
const sessionEndedNoticeFx = createEffect(() => {
  void notify.warning(i18n.t(`${appLockTexts.ns}:unlock.sessionEnded`));
});
sample({ clock: sessionEndedByLock, target: sessionEndedNoticeFx });
