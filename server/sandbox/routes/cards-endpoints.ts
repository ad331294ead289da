/**
 * Sandbox-only controls of the simulated card issuer (SANDBOX=true; docs/sandbox.md "Card issuer
 * sandbox"). Server-side definitions in the contract's shape, so route() validates them; they are not
 * part of the app's contract or its OpenAPI document.
 */
import * as z from 'zod/mini';
import { ForeignMoney, Trade } from '@/shared/contract/cards';
import { defineEndpoint, Id, IdParams, PositiveMinorUnits } from '@/shared/contract/core';

const SandboxOutcomeSchema = z.enum(['ok', 'reject', 'fail', 'unavailable']);
const Modes = z.object({
  issue: SandboxOutcomeSchema,
  activate: SandboxOutcomeSchema,
  freeze: SandboxOutcomeSchema,
  unfreeze: SandboxOutcomeSchema,
  topup: SandboxOutcomeSchema,
  close: SandboxOutcomeSchema,
  block: SandboxOutcomeSchema,
});
const Settings = z.object({ modes: Modes, delayMs: z.int() });

export const devCardIssuerGet = defineEndpoint({
  id: 'dev.cardIssuer.get',
  method: 'GET',
  path: '/api/dev/card-issuer/mode',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox issuer: current outcome per operation and processing delay.',
  response: Settings,
});

export const devCardIssuerSet = defineEndpoint({
  id: 'dev.cardIssuer.set',
  method: 'POST',
  path: '/api/dev/card-issuer/mode',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox issuer: set outcomes (ok | reject | fail | unavailable) and/or the delay (null = default) for all cards.',
  body: z.strictObject({
    issue: z.optional(SandboxOutcomeSchema),
    activate: z.optional(SandboxOutcomeSchema),
    freeze: z.optional(SandboxOutcomeSchema),
    unfreeze: z.optional(SandboxOutcomeSchema),
    topup: z.optional(SandboxOutcomeSchema),
    close: z.optional(SandboxOutcomeSchema),
    block: z.optional(SandboxOutcomeSchema),
    delayMs: z.optional(z.nullable(z.int().check(z.minimum(0), z.maximum(600_000)))),
  }),
  response: Settings,
});

export const devCardIssuerCardMode = defineEndpoint({
  id: 'dev.cardIssuer.cardMode',
  method: 'POST',
  path: '/api/dev/cards/{id}/issuer-mode',
  auth: 'none',
  tag: 'dev',
  summary: "Sandbox issuer: outcomes for one card only (null clears an override). Answers the card's effective settings.",
  params: IdParams,
  body: z.strictObject({
    issue: z.optional(z.nullable(SandboxOutcomeSchema)),
    activate: z.optional(z.nullable(SandboxOutcomeSchema)),
    freeze: z.optional(z.nullable(SandboxOutcomeSchema)),
    unfreeze: z.optional(z.nullable(SandboxOutcomeSchema)),
    topup: z.optional(z.nullable(SandboxOutcomeSchema)),
    close: z.optional(z.nullable(SandboxOutcomeSchema)),
    block: z.optional(z.nullable(SandboxOutcomeSchema)),
  }),
  response: z.object({ cardId: Id, modes: Modes, delayMs: z.int() }),
});

export const devCardActivationCode = defineEndpoint({
  id: 'dev.cards.activationCode',
  method: 'GET',
  path: '/api/dev/cards/{id}/activation-code',
  /** The code is a secret of the card's owner: only their bearer token reads it (anyone else: 404 like an unknown card). */
  auth: 'bearer',
  tag: 'dev',
  summary: "Sandbox issuer: the code in the envelope of a shipped physical card (the card owner's bearer token only).",
  params: IdParams,
  response: z.object({ cardId: Id, activationCode: z.string() }),
});

const TradeBody = z.strictObject({
  /** Minor units of the card currency. */
  amount: PositiveMinorUnits,
  /** Merchant descriptor (default "SANDBOX MERCHANT"). */
  merchant: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  mcc: z.optional(z.string().check(z.regex(/^\d{4}$/))),
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/))),
  originalAmount: z.optional(ForeignMoney),
});

export const devCardPurchase = defineEndpoint({
  id: 'dev.cards.purchase',
  method: 'POST',
  path: '/api/dev/cards/{id}/purchase',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox issuer: a merchant purchase on the card (approved or declined by our rules). Answers the trade.',
  params: IdParams,
  body: TradeBody,
  response: Trade,
});

export const devCardRefund = defineEndpoint({
  id: 'dev.cards.refund',
  method: 'POST',
  path: '/api/dev/cards/{id}/refund',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox issuer: a merchant refund to the card (at most what was bought and not yet refunded). Answers the trade.',
  params: IdParams,
  body: TradeBody,
  response: Trade,
});
