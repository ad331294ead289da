/** The card issuer contract (tests/server/adapter-contracts/card-issuer.contract.ts) against the sandbox issuer. */
import { sandboxAtRestKey } from '../../server/adapters/card-issuer';
import { SandboxCardIssuer } from '../../server/sandbox';
import { ManualClock } from '../../server/clock';
import { migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/open';
import { JobRegistry, runDueJobs } from '../../server/jobs';
import { describeCardIssuerContract } from './adapter-contracts/card-issuer.contract';
import { createTestDatabase } from './harness';

describeCardIssuerContract('sandbox', async () => {
  const { databaseUrl, drop } = await createTestDatabase();
  const db = await openDb({ databaseUrl, dataDir: 'memory://', memoryTemplate: true });
  await migrate(db);
  const registry = new JobRegistry();
  const issuer = new SandboxCardIssuer({
    db,
    clock: new ManualClock(new Date('2030-01-01T12:00:00Z')),
    registry,
    atRestKey: sandboxAtRestKey(undefined, 'contract-secret-contract-secret-0123'),
    defaultDelayMs: 0,
  });
  return {
    issuer,
    settle: async () => {
      while ((await runDueJobs(db, { registry })) > 0) {
        // jobs enqueued by jobs run in the next round
      }
    },
    forceOutcome: async (cardRef, operation, outcome) => {
      await issuer.setCardModes(cardRef, { [operation]: outcome });
    },
    activationCode: async (cardRef) => {
      const code = await issuer.activationCode(cardRef);
      if (!code) throw new Error(`no activation code for ${cardRef}`);
      return code;
    },
    purchase: async (cardRef, amount) => {
      await issuer.simulateTrade(cardRef, { kind: 'purchase', amount, merchant: { name: 'CONTRACT SHOP', mcc: null, country: null }, originalAmount: null });
    },
    webhookFor: (event) => issuer.webhookFor(event),
    close: async () => {
      await db.close();
      await drop();
    },
  };
});
