/**
 * Faults on the production shape: several stateless server processes (`server/main.ts`) on one real PostgreSQL
 * (a throwaway cluster of this file's own, so it can be restarted), under a load of simulated users who exchange,
 * issue cards and top them up, send each other money, request it and pay requests, and withdraw USDT and RUB, while
 * reading their wallets and cards (scripts/load/wallet-workload.ts). Clients
 * keep each operation's Idempotency-Key until they get a definitive answer, like the app does.
 *
 * After each fault: every acknowledged operation is in the database exactly once and nothing else is, every
 * card job finished and moved money once, every transfer is one ledger transaction, every payment request is paid at
 * most once, every withdrawal is settled or refunded exactly once, and the ledger balances (auditWorkload).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/load/postgres-cluster';
import { killServerProcess, stopServerProcess } from '../../scripts/load/server-process';
import { auditWorkload, waitForJobs, type LoadUser } from '../../scripts/load/wallet-workload';
import { createMigratedDatabase, FAULT_MIX, serverFleet, sleep } from './support';

const USERS = 12;
const LOAD_SECONDS = 12;

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster({ name: 'faults-postgres', maxConnections: 100 });
});
afterAll(() => cluster?.destroy());

const setUp = async () => {
  const { url, db } = await createMigratedDatabase(cluster.url);
  const fleet = serverFleet({ DATABASE_URL: url });
  await Promise.all([fleet.start(), fleet.start()]);
  const users = await fleet.workload.signUp(USERS);
  await Promise.all(users.map((user) => fleet.workload.usdtDeposit(user, 2_000)));
  await fleet.workload.settle(db);
  await fleet.workload.prepareMoneyBetweenPeople(users);
  return { db, fleet, users };
};

const finish = async (db: Db, fleet: ReturnType<typeof serverFleet>, users: LoadUser[]) => {
  await fleet.workload.settle(db);
  await waitForJobs(db, 90_000);
  const audit = await auditWorkload(db, users);
  const acknowledged = users.reduce((n, u) => n + u.acked.exchanges.length + u.acked.cards.length + u.acked.topups.length, 0);
  // Money between people and money out went on through the fault too (issue #36).
  expect(users.reduce((n, u) => n + u.acked.transfers.length, 0)).toBeGreaterThan(0);
  expect(users.reduce((n, u) => n + u.acked.withdrawals.length, 0)).toBeGreaterThan(0);
  console.log(
    [
      ...audit.lines.map(([label, value]) => `  ${label.padEnd(44)} ${value}`),
      `  transient answers (retried with the same key): ${JSON.stringify(Object.fromEntries(fleet.workload.transient))}`,
    ].join('\n'),
  );
  return { audit, acknowledged };
};

describe('several server processes on one PostgreSQL, under load', () => {
  it('kill -9 of a server process: each acknowledged operation exactly once, every card job completes once, the ledger reconciles', async () => {
    const { db, fleet, users } = await setUp();
    try {
      const victim = fleet.alive[0]!;
      const load = fleet.workload.runFor(users, LOAD_SECONDS, FAULT_MIX);
      await sleep(4_000);
      // No warning: requests in flight on it die with their sockets; its running jobs keep their leases until they expire.
      await killServerProcess(victim);
      expect(victim.child.signalCode).toBe('SIGKILL');
      await sleep(300); // the balancer notices
      fleet.remove(victim);
      await sleep(2_000);
      await fleet.start(); // a replacement joins while the load goes on
      const { operations } = await load;

      const { audit, acknowledged } = await finish(db, fleet, users);
      expect(fleet.workload.unresolved).toEqual([]);
      expect(audit.problems).toEqual([]);
      expect(operations).toBeGreaterThan(USERS * 5);
      expect(acknowledged).toBeGreaterThan(USERS * 2);
      // Nothing answered 500: an operation either succeeded, was refused for a reason, or was retried after a lost connection.
      expect([...fleet.workload.stats.outcomes.keys()].filter((key) => / 500\b/.test(key))).toEqual([]);
    } finally {
      await Promise.all(fleet.alive.map((s) => stopServerProcess(s)));
      fleet.client.destroy();
      await db.close();
    }
  });

  it('PostgreSQL restarted under load: the servers reconnect by themselves, in-flight requests fail with a clear 503, none half-applied', async () => {
    const { db, fleet, users } = await setUp();
    try {
      const pids = fleet.alive.map((s) => s.pid);
      const load = fleet.workload.runFor(users, LOAD_SECONDS, FAULT_MIX);
      await sleep(4_000);
      cluster.stop('fast'); // terminates every session, in-flight transactions included
      await sleep(1_500);
      cluster.start();
      const { operations } = await load;

      // The same processes serve again: nobody restarted them.
      expect(fleet.alive.map((s) => s.pid)).toEqual(pids);
      for (const server of fleet.alive) {
        expect(server.child.exitCode, `${server.name} exited:\n${server.lines.slice(-40).join('\n')}`).toBeNull();
        const ready = await fleet.client.request(server.url, 0, 'GET', '/api/ready');
        expect(ready.status).toBe(200);
      }
      // The test's own pool reconnects the same way (its broken idle connections were dropped).
      const { audit, acknowledged } = await finish(db, fleet, users);
      expect(fleet.workload.unresolved).toEqual([]);
      expect(audit.problems).toEqual([]);
      expect(operations).toBeGreaterThan(USERS * 3);
      expect(acknowledged).toBeGreaterThan(USERS);
      // While the database was down, money-moving calls were answered 503 DATABASE_UNAVAILABLE (or, for a retry whose
      // first try was cut off, 409 IDEMPOTENCY_IN_PROGRESS until its claim lapsed): never a 500, never a dropped connection.
      const failures = [...fleet.workload.transient.keys()];
      expect(failures.some((key) => key.endsWith('503 DATABASE_UNAVAILABLE'))).toBe(true);
      expect(failures.filter((key) => !/(503 DATABASE_UNAVAILABLE|409 IDEMPOTENCY_IN_PROGRESS)$/.test(key))).toEqual([]);
      expect([...fleet.workload.stats.outcomes.keys()].filter((key) => / 500\b|network/.test(key))).toEqual([]);
    } finally {
      await Promise.all(fleet.alive.map((s) => stopServerProcess(s)));
      fleet.client.destroy();
      await db.close();
    }
  });
});
