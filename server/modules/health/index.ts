import { defineModule } from '../module';
import { registerHealthRoutes } from './routes';

/** GET /api/health (liveness) and /api/ready (the database answers). */
export const healthModule = defineModule({ name: 'health', register: (app, { db }) => registerHealthRoutes(app, db) });
