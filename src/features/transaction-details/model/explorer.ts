/**
 * A USDT withdrawal's transaction on the blockchain explorer (issue #36): opened through Telegram's openLink (the
 * external browser), a new tab outside Telegram. Loaded with the sheet (lazy chunk).
 */
import { createEffect, createEvent, sample } from 'effector';
import { openLink } from '@/shared/platform';

export const explorerOpened = createEvent<string>();

/** Replaceable in tests (`fork({ handlers: [[openExplorerFx, spy]] })`). */
const openExplorerFx = createEffect((url: string) => openLink(url));

sample({ clock: explorerOpened, target: openExplorerFx });
