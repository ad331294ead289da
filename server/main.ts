/** Entry: `node dist-server/main.js` (compiled, `npm run build:server`) or `tsx server/main.ts` in development. Configuration from environment variables (docs/server.md). */
import { startServer, STOP_TIMEOUT_MS } from './server';

const main = async () => {
  const server = await startServer();
  console.log(`App running at http://localhost:${server.port}`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: stopping`);
    const force = setTimeout(() => {
      console.error(`Graceful stop took longer than ${STOP_TIMEOUT_MS / 1000} s, exiting.`);
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while stopping', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
