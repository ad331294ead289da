/**
 * The embedded database (PGlite in a data folder, the default): the server killed with -9 under load and started
 * again opens its data and serves, with every acknowledged operation there exactly once; a second process on the
 * same folder is refused with a clear message.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import {
  exited,
  killServerProcess,
  ROOT,
  SANDBOX_TEST_TOKEN,
  sandboxServerEnv,
  serverCommand,
  startServerProcess,
  stopServerProcess,
  waitForIdleJobs,
} from '../../scripts/load/server-process';
import { auditWorkload, waitForJobs } from '../../scripts/load/wallet-workload';
import { FAULT_MIX, serverFleet, sleep } from './support';

const dataDir = mkdtempSync(join(tmpdir(), 'faults-pglite-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database (PGlite data folder)', () => {
  it('kill -9 under load, then a restart: the data opens, serves, and holds every acknowledged operation once; a second process is refused', async () => {
    const fleet = serverFleet({ DATA_DIR: dataDir });
    const first = await fleet.start();
    const users = await fleet.workload.signUp(4);
    for (const user of users) await fleet.workload.usdtDeposit(user, 2_000);
    await fleet.workload.prepareMoneyBetweenPeople(users);

    const load = fleet.workload.runFor(users, 8, FAULT_MIX);
    await sleep(3_000);
    await killServerProcess(first); // mid-write: PGlite gets no chance to close its files
    fleet.remove(first);
    await sleep(500);
    // The same folder, a new process: the dead one's lock is stale, the database recovers from its WAL and serves.
    const second = await fleet.start();
    const { operations } = await load;
    expect(operations).toBeGreaterThan(8);

    // Same tokens (the signing secret lives in the data folder with the data), same balances.
    const wallet = await fleet.client.request(second.url, 0, 'GET', '/api/wallet', undefined, { authorization: `Bearer ${users[0]!.token}` });
    expect(wallet.status).toBe(200);

    // A second process on the folder while the first serves: refused, with a message saying what to do.
    const refused = startServerProcess('intruder', sandboxServerEnv({ DATA_DIR: dataDir }));
    await expect(refused).rejects.toThrow(/is in use by another server process \(pid \d+\)\. PGlite allows only one process per directory/);

    await waitForIdleJobs(second.url);
    await stopServerProcess(second);
    expect(await exited(second)).toBe(0);
    fleet.client.destroy();

    // The folder, opened by us now: the exactly-once audit.
    const db = await openPglite(dataDir);
    try {
      await waitForJobs(db, 1_000);
      const audit = await auditWorkload(db, users);
      console.log(audit.lines.map(([label, value]) => `  ${label.padEnd(44)} ${value}`).join('\n'));
      expect(fleet.workload.unresolved).toEqual([]);
      expect(audit.problems).toEqual([]);
      expect(users.reduce((n, u) => n + u.acked.exchanges.length, 0)).toBeGreaterThan(0);
      expect(users.reduce((n, u) => n + u.acked.transfers.length, 0)).toBeGreaterThan(0);
      expect(users.reduce((n, u) => n + u.acked.withdrawals.length, 0)).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });
});

/** The state letter of /proc/<pid>/stat (R, S, Z, ...), or null once the process is gone. */
const processState = (pid: number): string | null => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0]!;
  } catch {
    return null;
  }
};

/**
 * A server whose parent never reaps it: started in the background of a shell that then becomes `sleep` (exec), as a
 * supervisor that is slow to wait would leave it. Killed with -9, it stays a zombie with its pid and start time.
 */
const startUnreapedServer = (env: Record<string, string>) =>
  new Promise<{ pid: number; url: string; stop: () => void }>((resolveServer, reject) => {
    const wrapper = spawn('sh', ['-c', `"${process.execPath}" ${serverCommand('main').join(' ')} & echo "SERVER_PID $!"; exec sleep 300`], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${text}`)), 60_000);
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const pid = /SERVER_PID (\d+)/.exec(text)?.[1];
      const port = /App running at http:\/\/localhost:(\d+)/.exec(text)?.[1];
      if (pid && port) {
        clearTimeout(timer);
        resolveServer({ pid: Number(pid), url: `http://127.0.0.1:${port}`, stop: () => wrapper.kill('SIGKILL') });
      }
    };
    wrapper.stdout!.on('data', onData);
    wrapper.stderr!.on('data', onData);
  });

describe('embedded database: a killed server its parent has not reaped (issue #31, item 5)', () => {
  const zombieDir = mkdtempSync(join(tmpdir(), 'faults-zombie-'));
  afterAll(() => rmSync(zombieDir, { recursive: true, force: true }));

  it('kill -9, the process left a zombie: the restart on the same folder takes the lock and serves what was written', async () => {
    const env = sandboxServerEnv({ DATA_DIR: zombieDir });
    const firstStarted = performance.now();
    const first = await startUnreapedServer(env);
    const firstStartMs = Math.round(performance.now() - firstStarted);
    try {
      const email = `zombie-${Date.now()}@example.com`;
      const sent = await fetch(`${first.url}/api/auth/send-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, purpose: 'signup' }),
      });
      expect(sent.status).toBe(200);
      process.kill(first.pid, 'SIGKILL');
      for (let i = 0; i < 100 && processState(first.pid) !== 'Z'; i++) await sleep(20);
      expect(processState(first.pid)).toBe('Z'); // still a process: kill(pid, 0) succeeds, its start time is the lock's

      const started = performance.now();
      const second = await startServerProcess('after-zombie', env);
      // Printed, not asserted (timings are the benchmarks'): a refused restart used to fail here at once.
      console.log(`  restarted beside the zombie in ${Math.round(performance.now() - started)} ms; the first start took ${firstStartMs} ms`);
      expect(processState(first.pid)).toBe('Z'); // the zombie was there all along
      const mailbox = await fetch(`${second.url}/api/dev/mailbox?email=${encodeURIComponent(email)}`, { headers: { 'x-sandbox-token': SANDBOX_TEST_TOKEN } });
      expect(((await mailbox.json()) as { data: { messages: unknown[] } }).data.messages).toHaveLength(1);
      await stopServerProcess(second);
      expect(await exited(second)).toBe(0);
    } finally {
      first.stop();
    }
  });
});
