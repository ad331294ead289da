import { randomBytes } from 'node:crypto';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/db';
import { LoadClient } from '../../scripts/load/http-client';
import { createDatabase } from '../../scripts/load/postgres-cluster';
import { sandboxServerEnv, startServerProcess, type ServerProcess } from '../../scripts/load/server-process';
import { WalletWorkload } from '../../scripts/load/wallet-workload';

/** A new, migrated database on the cluster at `adminUrl`; `db` is the test's own connection (for the audit). */
export const createMigratedDatabase = async (adminUrl: string): Promise<{ url: string; db: Db }> => {
  const { url } = await createDatabase(adminUrl, 'faults');
  const db = await openPostgres({ connectionString: url, maxConnections: 4, onError: () => {} });
  await migrate(db);
  return { url, db };
};

/** The operations of the fault runs: money in, exchanges, cards, transfers, payment requests and withdrawals, reads. */
export const FAULT_MIX = { exchange: 3, cardIssue: 2, cardTopUp: 2, transfer: 3, requestMoney: 1, payRequest: 1, withdraw: 1, walletRead: 1, cardsRead: 1 } as const;

/**
 * Server processes sharing one database, and a workload whose calls go to whichever of them is alive.
 * Short leases so that the work of a killed process is taken over within seconds (defaults: 60 s and 30 s).
 */
export const serverFleet = (databaseEnv: Record<string, string>) => {
  const jwtSecret = randomBytes(32).toString('base64url');
  const alive: ServerProcess[] = [];
  const client = new LoadClient();
  const workload = new WalletWorkload({ client, servers: () => alive.map((s) => s.url), operationDeadlineMs: 90_000 });
  let started = 0;
  return {
    alive,
    client,
    workload,
    async start(): Promise<ServerProcess> {
      const server = await startServerProcess(
        `server-${++started}`,
        sandboxServerEnv({
          ...databaseEnv,
          JWT_SECRET: jwtSecret,
          IDEMPOTENCY_PENDING_SECONDS: '3',
          JOBS_LEASE_MS: '3000',
          TRON_POLL_MS: '500',
          // Withdrawals (issue #36): no 24-hour hold for the run's new addresses and devices; the sandbox chain and payout
          // provider settle them a moment later, so some are in flight when a process dies.
          WITHDRAWAL_HOLD_SECONDS: '0',
          WITHDRAWAL_POLL_MS: '200',
          SANDBOX_WITHDRAWAL_DELAY_MS: '300',
        }),
      );
      alive.push(server);
      return server;
    },
    /** Takes a server out of the load balancer's list (before or after it dies). */
    remove(server: ServerProcess): void {
      const at = alive.indexOf(server);
      if (at >= 0) alive.splice(at, 1);
    },
  };
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
