import { startServer } from './server/server';
import { spawnSync } from 'node:child_process';
const main = async () => {
  const server = await startServer({ port: 0, dataDir: 'memory://', staticDir: false, env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' } });
  const run = (...args: string[]) => spawnSync('npx', ['tsx', 'scripts/sandbox/usdt-transfer.ts', ...args, '--url', server.url], { encoding: 'utf8' });
  const r1 = run('100.012345'); console.log(r1.status, r1.stdout, r1.stderr.replace(/npm warn.*\n/g, ''));
  const r2 = run('100', '--tag', '555555', '--tx', 'abcdef0123456789'); console.log(r2.status, r2.stdout);
  const r3 = run('100.55555', '--tx', 'abcdef0123456789'); console.log(r3.status, r3.stdout);
  const r4 = run('-3'); console.log(r4.status, r4.stdout, r4.stderr.replace(/npm warn.*\n/g, ''));
  await server.close();
};
main();
