/** Cross-import API for entities/transaction (FSD @x): the cache-bypassing reload helper. */
export { createForcedRefetch } from '../lib/forced-refetch';
