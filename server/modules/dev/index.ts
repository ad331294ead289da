import { defineModule } from '../module';
import { registerDevRoutes } from './routes';

/** Sandbox-only controls (/api/dev/*): registered only while SANDBOX is on, otherwise they answer 404. */
export const devModule = defineModule({
  name: 'dev',
  register: (app, { db, config, users }) => {
    if (config.sandbox) registerDevRoutes(app, db, users, config.sandboxToken);
  },
});
