import { defineModule } from '../module';
import { registerHealthRoutes } from './routes';

/** GET /api/health (liveness) and /api/ready (the database answers; the watchers' last successful polls as details). */
export const healthModule = defineModule({ name: 'health', register: (app, { db, monitor }) => registerHealthRoutes(app, db, monitor) });
