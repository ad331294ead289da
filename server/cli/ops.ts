/** `npm run ops -- create-operator …` (compiled: `node dist-server/ops.js`): see ops-command.ts. */
import { runOpsCommand } from './ops-command';

runOpsCommand(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
