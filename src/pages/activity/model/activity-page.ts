/** /activity: opening loads the first page afresh (and marks what it shows read). */
import { sample } from 'effector';
import { activityOpened } from '@/entities/activity';
import { createPageLifecycle } from '@/shared/lib';

export const activityPage = createPageLifecycle('activityPage');

sample({ clock: activityPage.opened, target: activityOpened });
