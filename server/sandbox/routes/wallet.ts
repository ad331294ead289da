import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { defineEndpoint, Money, Timestamp } from '@/shared/contract/core';
import { sandboxPaymentPath, type SandboxSbpAcquirer } from '../sbp';
import { renderSandboxPaymentPage } from '../sbp-page';
import type { SandboxTronChain } from '../tron';
import type { Clock } from '../../clock';
import { catalogError, httpErrors } from '../../http/errors';
import { route } from '../../http/route';
import { formatUsdtAmount, parseUsdtAmount, type UsdtDepositWatcher } from '../../modules/wallet';

// ── Sandbox-only endpoints (SANDBOX=true), validated like contract endpoints but not part of the app's contract.

const TronAddress = z.string().check(z.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/));

const devTronTransfer = defineEndpoint({
  id: 'dev.tronTransfer',
  method: 'POST',
  path: '/api/dev/tron/transfers',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox chain: record an incoming USDT TRC20 transfer to the deposit address and run the deposit watcher.',
  body: z.strictObject({
    /** USDT with up to 6 decimals, e.g. "100.012345" (the decimals carry the tag). */
    amount: z.string().check(z.regex(/^(0|[1-9]\d{0,11})(\.\d{1,6})?$/, 'amount must be USDT with up to 6 decimals, e.g. "100.012345"')),
    txHash: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{8,128}$/))),
    from: z.optional(TronAddress),
    /** Default: the deposit address. */
    to: z.optional(TronAddress),
  }),
  response: z.object({
    transfer: z.object({ eventId: z.string(), txHash: z.string(), from: z.string(), to: z.string(), amount: z.string() }),
    outcome: z.object({
      status: z.enum(['credited', 'unmatched', 'unprocessed', 'ignored']),
      reason: z.nullable(z.string()),
      transactionId: z.nullable(z.string()),
      credited: z.nullable(Money),
    }),
  }),
});

const devTronUnmatched = defineEndpoint({
  id: 'dev.tronUnmatched',
  method: 'GET',
  path: '/api/dev/tron/unmatched',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox: transfers to the deposit address that were not credited (for support), newest first.',
  response: z.object({
    items: z.array(
      z.object({
        id: z.number(),
        txHash: z.string(),
        from: z.nullable(z.string()),
        amount: z.string(),
        reason: z.string(),
        candidateUserId: z.nullable(z.string()),
        createdAt: Timestamp,
        resolvedAt: z.nullable(Timestamp),
      }),
    ),
  }),
});

const SbpSettings = z.object({
  failCreate: z.boolean(),
  callbackDelayMs: z.int(),
  declineCode: z.string(),
  dropCallbacks: z.boolean(),
});

const devSbpSettingsGet = defineEndpoint({
  id: 'dev.sbpSettingsGet',
  method: 'GET',
  path: '/api/dev/sbp/settings',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox SBP acquirer switches.',
  response: SbpSettings,
});

const devSbpSettingsSet = defineEndpoint({
  id: 'dev.sbpSettingsSet',
  method: 'POST',
  path: '/api/dev/sbp/settings',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox SBP acquirer: refuse new invoices, delay or drop callbacks, choose the decline code.',
  body: z.strictObject({
    failCreate: z.optional(z.boolean()),
    callbackDelayMs: z.optional(z.int().check(z.minimum(0), z.maximum(600_000))),
    declineCode: z.optional(z.string().check(z.regex(/^[A-Z][A-Z0-9_]{1,63}$/))),
    dropCallbacks: z.optional(z.boolean()),
  }),
  response: SbpSettings,
});

const devSbpCallback = defineEndpoint({
  id: 'dev.sbpCallback',
  method: 'POST',
  path: '/api/dev/sbp/invoices/{invoiceId}/callback',
  auth: 'none',
  tag: 'dev',
  summary: "Sandbox SBP acquirer: deliver a decided invoice's signed callback again, now (duplicate delivery).",
  params: z.object({ invoiceId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  response: z.object({ webhookStatus: z.int(), webhookBody: z.unknown() }),
});

const devSbpDecide = defineEndpoint({
  id: 'dev.sbpDecide',
  method: 'POST',
  path: '/api/dev/sbp/invoices/{invoiceId}/{action}',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox SBP acquirer: what the Pay / Decline buttons do, as JSON (for scripts); answers where the browser would go.',
  params: z.object({ invoiceId: z.string().check(z.minLength(1), z.maxLength(64)), action: z.enum(['pay', 'decline']) }),
  response: z.object({ status: z.string(), redirectUrl: z.nullable(z.string()) }),
});

const pageCsp = (formTargets: string[]): string =>
  [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    `form-action 'self' ${[...new Set(formTargets)].join(' ')}`.trim(),
    "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org",
  ].join('; ');

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export const registerWalletDevRoutes = async (
  app: FastifyInstance,
  deps: {
    clock: Clock;
    chain: SandboxTronChain;
    /** The watcher reads the sandbox chain (TRON_ADAPTER=sandbox); otherwise a recorded transfer stays unprocessed. */
    chainIsSource: boolean;
    watcher: UsdtDepositWatcher;
    acquirer: SandboxSbpAcquirer;
    depositAddress: string;
  },
): Promise<void> => {
  const { chain, watcher, acquirer, clock } = deps;

  route(app, devTronTransfer, async ({ body }) => {
    const micro = parseUsdtAmount(body.amount);
    if (micro === null) throw httpErrors.validation({ amount: 'amount must be greater than 0' });
    const transfer = await chain.recordTransfer({ to: body.to ?? deps.depositAddress, amountMicro: micro, txHash: body.txHash, from: body.from });
    let outcome = await watcher.outcomeOf(transfer.eventId);
    // Another process (or the background poll) may be mid-pass: poll until this transfer is processed.
    for (let attempt = 0; deps.chainIsSource && outcome.status === 'unprocessed' && attempt < 40 && transfer.to === deps.depositAddress; attempt++) {
      await watcher.poll();
      outcome = await watcher.outcomeOf(transfer.eventId);
      if (outcome.status === 'unprocessed') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      transfer: { eventId: transfer.eventId, txHash: transfer.txHash, from: transfer.from, to: transfer.to, amount: formatUsdtAmount(micro) },
      outcome:
        transfer.to !== deps.depositAddress
          ? { status: 'ignored' as const, reason: 'not_deposit_address', transactionId: null, credited: null }
          : outcome.status === 'credited'
            ? {
                status: 'credited' as const,
                reason: null,
                transactionId: outcome.transactionId,
                credited: { amount: outcome.creditedCents, currency: 'USD' as const },
              }
            : outcome.status === 'unmatched'
              ? { status: 'unmatched' as const, reason: outcome.reason, transactionId: null, credited: null }
              : { status: 'unprocessed' as const, reason: null, transactionId: null, credited: null },
    };
  });

  route(app, devTronUnmatched, async () => ({
    items: (await watcher.listUnmatched()).map((item) => ({
      ...item,
      createdAt: item.createdAt.toISOString(),
      resolvedAt: item.resolvedAt?.toISOString() ?? null,
    })),
  }));

  route(app, devSbpSettingsGet, () => acquirer.settings());
  route(app, devSbpSettingsSet, ({ body }) => acquirer.updateSettings(body));

  route(app, devSbpCallback, async ({ params }) => {
    const invoice = await acquirer.getInvoice(params.invoiceId);
    if (!invoice) throw catalogError('NOT_FOUND', 'No such sandbox invoice.');
    if (invoice.status === 'created') throw catalogError('NOT_FOUND', 'The invoice has no outcome yet: pay or decline it first.');
    const result = await acquirer.deliverCallback(params.invoiceId);
    return { webhookStatus: result.status, webhookBody: result.body };
  });

  route(app, devSbpDecide, async ({ params }) => {
    const invoice = await acquirer.decide(params.invoiceId, params.action);
    if (!invoice) throw catalogError('NOT_FOUND', 'No such sandbox invoice.');
    return { status: invoice.status, redirectUrl: acquirer.redirectUrl(invoice) };
  });

  // The payment page and its two buttons (HTML + form posts, for people and the e2e tests).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    const sendPage = async (reply: FastifyReply, invoiceId: string, status = 200) => {
      const invoice = await acquirer.getInvoice(invoiceId);
      if (!invoice) {
        return reply.code(404).type('text/html; charset=utf-8').header('content-security-policy', pageCsp([])).send(
          '<!doctype html><meta charset="utf-8"><title>Not found</title><p>No such invoice.</p>',
        );
      }
      const expired = invoice.status === 'created' && invoice.expiresAt <= clock.now();
      const failWithCode = new URL(invoice.failUrl);
      failWithCode.searchParams.set('code', 'PAYMENT_EXPIRED');
      const returnUrl = expired ? failWithCode.toString() : acquirer.redirectUrl(invoice);
      const path = sandboxPaymentPath(invoice.invoiceId);
      const targets = [originOf(invoice.successUrl), originOf(invoice.failUrl)].filter((o): o is string => Boolean(o));
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', pageCsp(targets))
        .send(renderSandboxPaymentPage({ invoice, payAction: `${path}/pay`, declineAction: `${path}/decline`, returnUrl, expired }));
    };

    scope.get<{ Params: { invoiceId: string } }>('/api/dev/sbp/pay/:invoiceId', (request, reply) => sendPage(reply, request.params.invoiceId));

    scope.post<{ Params: { invoiceId: string; action: string } }>('/api/dev/sbp/pay/:invoiceId/:action', async (request, reply) => {
      const { invoiceId, action } = request.params;
      if (action !== 'pay' && action !== 'decline') return sendPage(reply, invoiceId, 400);
      const invoice = await acquirer.decide(invoiceId, action);
      if (!invoice) return sendPage(reply, invoiceId);
      const target = acquirer.redirectUrl(invoice);
      if (!target) return sendPage(reply, invoiceId);
      const targets = [originOf(target)].filter((o): o is string => Boolean(o));
      return reply.code(303).header('content-security-policy', pageCsp(targets)).redirect(target, 303);
    });
  });
};
