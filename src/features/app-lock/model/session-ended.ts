import { createEffect, createEvent, sample } from 'effector';
import { i18n } from '@/shared/i18n';
import { notify } from '@/shared/ui';
import { appLockTexts } from '../i18n/texts';
import { sessionEndedByLock } from './sync';

/**
 * The server answered that the last wrong try ended the session: "The session has ended", then sync.ts signs out here
 * too. Here, not in sync.ts: only the lock screen's and the settings' models end a session this way, and they bring
 * the words (sync.ts is on every start's path).
 */
export const lastTryEndedSession = createEvent();

const sessionEndedNoticeFx = createEffect(() => {
  void notify.warning(i18n.t(`${appLockTexts.ns}:unlock.sessionEnded`));
});
sample({ clock: lastTryEndedSession, target: [sessionEndedNoticeFx, sessionEndedByLock] });
