/**
 * Runs independent commands side by side, all at once (`npm test`'s checks: the three typechecks, the import-cycle
 * check, the lints: single-threaded batch work, which the system spreads over the cores), each command's output
 * printed in one piece once it has finished
 * (so it reads as if they had run one after another); a failed command's output is held back and printed after all the
 * others, with a last line naming it, so that the end of the log (all a CI summary may show) is the failure. Exits with
 * the first failing command's code, after all have finished; 0 when every command passed.
 *
 *   tsx scripts/run-parallel.ts 'tsc --noEmit -p .' 'tsc --noEmit -p server' 'npm run lint'
 */
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (!commands.length) {
  console.error('usage: tsx scripts/run-parallel.ts <command> [<command> …]');
  process.exit(2);
}

const run = (command: string): Promise<{ command: string; code: number; output: string; seconds: number }> =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code, signal) => resolve({ command, code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }));
  });

const queue = [...commands];
const failures: Array<Awaited<ReturnType<typeof run>>> = [];
const print = (result: Awaited<ReturnType<typeof run>>) =>
  process.stdout.write(`\n> ${result.command}  (${result.seconds.toFixed(1)} s, exit ${result.code})\n${result.output}`);
const worker = async () => {
  for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
    const result = await run(command);
    if (result.code === 0) print(result);
    else failures.push(result);
  }
};
await Promise.all(commands.map(() => worker()));
for (const result of failures) print(result);
if (failures.length) process.stdout.write(`\nrun-parallel: failed: ${failures.map((r) => `${r.command} (exit ${r.code})`).join(', ')}\n`);
process.exit(failures[0]?.code ?? 0);
