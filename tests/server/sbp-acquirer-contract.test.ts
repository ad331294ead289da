/** The SBP acquirer contract (tests/server/adapter-contracts/sbp-acquirer.contract.ts) against the sandbox acquirer. */
import { SANDBOX_SBP_CALLBACK_JOB, SandboxSbpAcquirer } from '../../server/sandbox/sbp';
import { ManualClock } from '../../server/clock';
import { migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/open';
import { JobRegistry, runDueJobs } from '../../server/jobs';
import { describeSbpAcquirerContract, type SbpDelivery } from './adapter-contracts/sbp-acquirer.contract';
import { createTestDatabase } from './harness';

describeSbpAcquirerContract('sandbox', async () => {
  const { databaseUrl, drop } = await createTestDatabase();
  const db = await openDb({ databaseUrl, dataDir: 'memory://', memoryTemplate: true });
  await migrate(db);
  const delivered = new Map<string, SbpDelivery[]>();
  const acquirer = new SandboxSbpAcquirer({
    db,
    clock: new ManualClock(new Date()),
    secret: 'contract-webhook-secret-0123456789',
    merchantName: 'Contract Shop',
    // Our webhook, as the acquirer sees it: every delivery is recorded and answered 200.
    transport: async ({ rawBody, signature }) => {
      const invoiceId = (JSON.parse(rawBody) as { invoiceId: string }).invoiceId;
      delivered.set(invoiceId, [...(delivered.get(invoiceId) ?? []), { rawBody, headers: { 'content-type': 'application/json', 'x-sbp-signature': signature } }]);
      return { status: 200, body: { success: true } };
    },
  });
  await acquirer.updateSettings({ callbackDelayMs: 0 });
  const registry = new JobRegistry();
  registry.register<{ invoiceId: string }>(SANDBOX_SBP_CALLBACK_JOB, async ({ invoiceId }) => {
    await acquirer.deliverCallback(invoiceId);
  });
  return {
    acquirer,
    pay: async (invoiceId) => {
      await acquirer.decide(invoiceId, 'pay');
    },
    decline: async (invoiceId) => {
      await acquirer.decide(invoiceId, 'decline');
    },
    callbacks: async (invoiceId) => {
      await runDueJobs(db, { registry });
      return delivered.get(invoiceId) ?? [];
    },
    redeliver: async (invoiceId) => {
      await acquirer.deliverCallback(invoiceId);
    },
    close: async () => {
      await db.close();
      await drop();
    },
  };
});
