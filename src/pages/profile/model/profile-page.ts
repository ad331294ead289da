/** /profile: opening loads the signed-in user (cached, GET /api/users/me). */
import { sample } from 'effector';
import { userRequested } from '@/entities/user';
import { createPageLifecycle } from '@/shared/lib';

export const profilePage = createPageLifecycle('profilePage');

sample({ clock: profilePage.opened, target: userRequested });
