/** Cross-import API for entities/exchange-rate (FSD @x): the cache-bypassing reload helper. */
export { createForcedRefetch } from '../lib/forced-refetch';
