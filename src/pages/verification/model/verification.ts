/**
 * /verification (SPEC §1): the account state of the signed-in user, with a refresh, and for a failed
 * verification the support contact from GET /api/config (`support`, entities/app-config).
 */
import { createEffect, createEvent, sample } from 'effector';
import { $supportContact, appConfigRequested } from '@/entities/app-config';
import { $isAuthenticated } from '@/entities/session';
import { $verificationStatus, meQuery, userRefreshRequested } from '@/entities/user';
import { createPageLifecycle } from '@/shared/lib';
import { openTelegramLink } from '@/shared/platform';

export const verificationPage = createPageLifecycle('verificationPage');
export const refreshClicked = createEvent();
export const supportTelegramClicked = createEvent();

export const $support = $supportContact;

sample({ clock: verificationPage.opened, filter: $isAuthenticated, fn: () => undefined, target: meQuery.start });
// The support contact is needed only when the verification failed.
sample({
  clock: [verificationPage.opened, $verificationStatus.updates],
  source: { status: $verificationStatus, authenticated: $isAuthenticated },
  filter: ({ status, authenticated }) => authenticated && status === 'verification_failed',
  target: appConfigRequested,
});
sample({ clock: refreshClicked, filter: $isAuthenticated, target: userRefreshRequested });

const openTelegramFx = createEffect((url: string) => openTelegramLink(url));
sample({ clock: supportTelegramClicked, source: $support, filter: Boolean, fn: (support) => support.telegramUrl, target: openTelegramFx });
