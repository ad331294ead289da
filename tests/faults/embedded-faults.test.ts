/**
 * The embedded database (PGlite in a data folder, the default): the server killed with -9 under load and started
 * again opens its data and serves, with every acknowledged operation there exactly once; a second process on the
 * same folder is refused with a clear message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import { exited, killServerProcess, sandboxServerEnv, startServerProcess, stopServerProcess, waitForIdleJobs } from '../../scripts/load/server-process';
import { auditWorkload, waitForJobs } from '../../scripts/load/wallet-workload';
import { serverFleet, sleep } from './support';

const dataDir = mkdtempSync(join(tmpdir(), 'faults-pglite-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database (PGlite data folder)', () => {
  it('kill -9 under load, then a restart: the data opens, serves, and holds every acknowledged operation once; a second process is refused', async () => {
    const fleet = serverFleet({ DATA_DIR: dataDir });
    const first = await fleet.start();
    const users = await fleet.workload.signUp(4);
    for (const user of users) await fleet.workload.usdtDeposit(user, 2_000);

    const load = fleet.workload.runFor(users, 8, { exchange: 4, cardIssue: 2, cardTopUp: 2, walletRead: 1 });
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
    } finally {
      await db.close();
    }
  });
});
