/**
 * `npm run dev`: the API server (`tsx watch server/main.ts`, PORT=API_PORT, default 3000) and the Vite
 * dev server (which proxies /api to it, see vite.config.ts) together. Output lines are prefixed
 * `[api]` / `[web]`; Ctrl-C (or either process exiting) stops both.
 *
 * Env: API_PORT (default 3000), WEB_PORT (default 5173), plus anything server/main.ts reads
 * (DATABASE_URL, DATA_DIR, TELEGRAM_BOT_TOKEN, SMTP_URL, SANDBOX, ...).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);

interface Proc {
  name: string;
  child: ChildProcess;
}
const procs: Proc[] = [];
let stopping = false;

function start(name: string, colorCode: number, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: color ? '1' : '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stop() reaches tsx's and vite's children too
  });
  const prefix = paint(colorCode, `[${name}]`);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => process.stdout.write(`${prefix} ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    process.stdout.write(`${prefix} exited (${signal ?? code})\n`);
    if (!stopping) stop(code ?? 1);
  });
  const proc = { name, child };
  procs.push(proc);
  return proc;
}

function stop(exitCode = 0): void {
  if (stopping) return;
  stopping = true;
  for (const { child } of procs) signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => {
    for (const { child } of procs) signalGroup(child, 'SIGKILL');
    process.exit(exitCode);
  }, 5_000);
  timer.unref();
  Promise.all(procs.map(({ child }) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once('exit', r))))).then(
    () => process.exit(exitCode),
  );
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));

start('api', 36, bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: apiPort,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  // The browser reaches the API through Vite's proxy: payment pages and return URLs live on Vite's origin.
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${webPort}`,
});
start('web', 35, bin('vite'), ['--port', webPort, '--strictPort'], { API_PORT: apiPort });

const url = `http://localhost:${webPort}/`;
process.stdout.write(
  `\n  Open ${paint(1, url)} (a phone-sized window suits the Mini App; outside Telegram it runs on the 6.7 mock).\n` +
    `  API: http://localhost:${apiPort}/api (proxied by Vite). Ctrl-C stops both.\n\n`,
);
