/** /cards/archive: the cards that ended, loaded (cached) when the screen opens. */
import { sample } from 'effector';
import { archiveOpened } from '@/entities/card';
import { createPageLifecycle } from '@/shared/lib';

export const cardsArchivePage = createPageLifecycle('cardsArchivePage');

sample({ clock: cardsArchivePage.opened, target: archiveOpened });
