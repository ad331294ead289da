import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { defineEndpoint } from '@/shared/contract/core';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { route } from '../../http/route';
import { SBP_PAYOUT_SETTINGS_KEY, type SandboxSbpPayouts, type SandboxSbpPayoutSettings } from '../sbp-payouts';
import { TRON_SENDER_SETTINGS_KEY, type SandboxTronSender, type SandboxTronSenderSettings } from '../tron-sender';
import { writeSandboxSetting } from '../settings';

const delayMs = z.optional(z.int().check(z.minimum(0), z.maximum(600_000)));

const devWithdrawalOutcomes = defineEndpoint({
  id: 'dev.withdrawalOutcomes',
  method: 'POST',
  path: '/api/dev/withdrawals/outcomes',
  auth: 'none',
  tag: 'dev',
  summary:
    'Sandbox TRON network and SBP payout provider: how the withdrawals sent from now on end (TRON: confirm, fail, drop = never included; SBP: succeed, fail), after how long, and whether the outside is unreachable.',
  body: z.strictObject({
    tron: z.optional(z.strictObject({ outcome: z.optional(z.enum(['confirm', 'fail', 'drop'])), delayMs, unreachable: z.optional(z.boolean()) })),
    sbp: z.optional(z.strictObject({ outcome: z.optional(z.enum(['succeed', 'fail'])), delayMs, unreachable: z.optional(z.boolean()) })),
  }),
  response: z.object({
    tron: z.nullable(z.object({ outcome: z.enum(['confirm', 'fail', 'drop']), delayMs: z.int(), unreachable: z.boolean() })),
    sbp: z.nullable(z.object({ outcome: z.enum(['succeed', 'fail']), delayMs: z.int(), unreachable: z.boolean() })),
  }),
});

/** Dev controls of the sandbox's withdrawal rails (only those the app really uses: null for one it does not). */
export const registerWithdrawalDevRoutes = (
  app: FastifyInstance,
  { db, clock, tronSender, sbpPayouts }: { db: Db; clock: Clock; tronSender: SandboxTronSender | null; sbpPayouts: SandboxSbpPayouts | null },
): void => {
  route(app, devWithdrawalOutcomes, async ({ body }) => {
    if (body.tron && tronSender) await writeSandboxSetting<SandboxTronSenderSettings>(db, TRON_SENDER_SETTINGS_KEY, body.tron, clock.now());
    if (body.sbp && sbpPayouts) await writeSandboxSetting<SandboxSbpPayoutSettings>(db, SBP_PAYOUT_SETTINGS_KEY, body.sbp, clock.now());
    return { tron: tronSender ? await tronSender.settings() : null, sbp: sbpPayouts ? await sbpPayouts.settings() : null };
  });
};
