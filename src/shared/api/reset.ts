/**
 * Its own module (effector only): the session entity on the first screen wires to it without pulling
 * farfetched and the transport (docs/performance.md "Bundle budget").
 */
import { createEvent } from 'effector';

/**
 * Forget every query's data and cache (fired on sign-in, sign-out and auth expiry by the session entity,
 * so one user's data is never shown to the next one). Mutations keep their state.
 */
export const apiDataReset = createEvent();
