import { createEffect } from 'effector';
import { request } from '@/shared/api';
import { appLockStatus } from '@/shared/contract';

/**
 * GET /api/app-lock as a plain effect, NOT a cached query: a cached answer ("off", from before the passcode was set)
 * replayed later would unlock the app. Every read goes to the server.
 *
 * Apart from app-lock-api.ts: this is all the start of a signed-in page needs (model/sync.ts); the mutations are
 * created only with the lock screen's or the settings section's chunk (ui/lazy.tsx).
 */
export const loadLockStatusFx = createEffect(() => request(appLockStatus));
