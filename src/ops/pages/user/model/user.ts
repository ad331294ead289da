import { sample } from 'effector';
import { createPageLifecycle } from '@/shared/lib';
import { userShown } from '@/ops/widgets/user-picture';

export const userPage = createPageLifecycle<{ userId: string }>('opsUserPage');
sample({ clock: userPage.opened, fn: ({ userId }) => userId, target: userShown });
