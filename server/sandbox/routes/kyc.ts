import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { defineEndpoint } from '@/shared/contract/core';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { route } from '../../http/route';
import { DEFAULT_SANDBOX_KYC_SETTINGS, SANDBOX_KYC_SETTING, type SandboxKycSettings } from '../kyc';
import { readSandboxSetting, writeSandboxSetting } from '../settings';

const KycSettings = z.object({
  outcome: z.enum(['approved', 'rejected', 'error']),
  reason: z.nullable(z.string()),
  delayMs: z.nullable(z.int()),
  dropWebhooks: z.boolean(),
});

const devKycSettings = defineEndpoint({
  id: 'dev.kycSettings',
  method: 'POST',
  path: '/api/dev/kyc/settings',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox KYC provider: the outcome of the checks decided from now on (approved, rejected, error), its reason, the delay, dropped webhooks.',
  body: z.strictObject({
    outcome: z.optional(z.enum(['approved', 'rejected', 'error'])),
    reason: z.optional(z.nullable(z.string().check(z.regex(/^[A-Z][A-Z0-9_]{1,63}$/)))),
    delayMs: z.optional(z.nullable(z.int().check(z.minimum(0), z.maximum(600_000)))),
    dropWebhooks: z.optional(z.boolean()),
  }),
  response: KycSettings,
});

export const registerKycDevRoutes = (app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }): void => {
  route(app, devKycSettings, async ({ body }) => {
    await writeSandboxSetting<SandboxKycSettings>(db, SANDBOX_KYC_SETTING, body, clock.now());
    return readSandboxSetting(db, SANDBOX_KYC_SETTING, DEFAULT_SANDBOX_KYC_SETTINGS);
  });
};
