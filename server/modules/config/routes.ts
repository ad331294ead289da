import type { FastifyInstance } from 'fastify';
import { configGet } from '@/shared/contract';
import { route } from '../../http/route';
import { toAppConfig, type WalletSettings } from './settings';

/** GET /api/config: limits, fees, deposit address, support contacts (bearer, SPEC §6). */
export const registerConfigRoutes = (app: FastifyInstance, settings: WalletSettings): void => {
  const config = toAppConfig(settings);
  route(app, configGet, () => config);
};
