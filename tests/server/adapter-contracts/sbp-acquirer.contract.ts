/**
 * The SBP acquirer adapter contract (docs/adapters.md "SBP acquirer"): every SbpAcquirer implementation — the
 * sandbox today, a real acquirer's adapter tomorrow (run against its test environment) — must pass this suite.
 *
 *   describeSbpAcquirerContract('acme', async () => ({ acquirer, pay, decline, callbacks, redeliver, close }))
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SbpAcquirerError, SbpCallbackError, type SbpAcquirer, type SbpInvoiceRequest } from '../../../server/adapters/sbp';

/** One webhook delivery as the acquirer posted it. */
export interface SbpDelivery {
  rawBody: string;
  headers: Record<string, string>;
}

export interface SbpAcquirerContractHarness {
  acquirer: SbpAcquirer;
  /** The payer pays / declines the invoice (the acquirer's test controls). */
  pay(invoiceId: string): Promise<void>;
  decline(invoiceId: string): Promise<void>;
  /** Waits for the acquirer's asynchronous callbacks and returns every delivery so far for the invoice. */
  callbacks(invoiceId: string): Promise<SbpDelivery[]>;
  /** Has the acquirer deliver the invoice's outcome again (its retry after our webhook did not answer 2xx). */
  redeliver(invoiceId: string): Promise<void>;
  close(): Promise<void>;
}

export const describeSbpAcquirerContract = (name: string, makeHarness: () => Promise<SbpAcquirerContractHarness>): void => {
  describe(`SBP acquirer contract: ${name}`, () => {
    let h: SbpAcquirerContractHarness;
    beforeAll(async () => {
      h = await makeHarness();
    });
    afterAll(() => h.close());

    const request = (amount = 150_00): SbpInvoiceRequest => ({
      orderId: `TW-CONTRACT-${randomUUID().slice(0, 8).toUpperCase()}`,
      amount,
      description: 'Wallet top-up',
      notificationUrl: 'https://wallet.example.com/api/webhooks/sbp',
      successUrl: 'https://wallet.example.com/deposit/sbp/success',
      failUrl: 'https://wallet.example.com/deposit/sbp/fail',
      expiresAt: new Date(Date.now() + 15 * 60_000),
    });

    const onlyCallback = async (invoiceId: string) => {
      const deliveries = await h.callbacks(invoiceId);
      expect(deliveries).toHaveLength(1);
      return h.acquirer.parseCallback(deliveries[0]!.rawBody, deliveries[0]!.headers);
    };

    it('creates an invoice with an id and an absolute payment URL', async () => {
      const invoice = await h.acquirer.createInvoice(request());
      expect(invoice.invoiceId).toMatch(/^\S{1,100}$/);
      expect(new URL(invoice.paymentUrl).protocol).toMatch(/^https?:$/);
    });

    it('is idempotent per orderId: the same order again answers the same invoice; another amount is refused', async () => {
      const order = request();
      const first = await h.acquirer.createInvoice(order);
      expect(await h.acquirer.createInvoice(order)).toEqual(first);
      await expect(h.acquirer.createInvoice({ ...order, amount: order.amount + 1 })).rejects.toBeInstanceOf(SbpAcquirerError);
    });

    it('nothing is called back before the payer decides', async () => {
      const invoice = await h.acquirer.createInvoice(request());
      expect(await h.callbacks(invoice.invoiceId)).toEqual([]);
    });

    it('a paid invoice is called back, signed: succeeded, with its order and amount', async () => {
      const order = request(123_45);
      const invoice = await h.acquirer.createInvoice(order);
      await h.pay(invoice.invoiceId);
      expect(await onlyCallback(invoice.invoiceId)).toMatchObject({
        invoiceId: invoice.invoiceId,
        orderId: order.orderId,
        status: 'succeeded',
        amount: 123_45,
        currency: 'RUB',
        errorCode: null,
        eventId: expect.any(String),
      });
    });

    it('a declined invoice is called back as failed with an error code', async () => {
      const invoice = await h.acquirer.createInvoice(request());
      await h.decline(invoice.invoiceId);
      expect(await onlyCallback(invoice.invoiceId)).toMatchObject({ status: 'failed', errorCode: expect.stringMatching(/^[A-Z_]+$/) });
    });

    it('the first decision is final: paying a declined invoice changes nothing', async () => {
      const invoice = await h.acquirer.createInvoice(request());
      await h.decline(invoice.invoiceId);
      await h.pay(invoice.invoiceId);
      expect(await onlyCallback(invoice.invoiceId)).toMatchObject({ status: 'failed' });
    });

    it('a redelivered outcome is the same event (same eventId, same status)', async () => {
      const invoice = await h.acquirer.createInvoice(request());
      await h.pay(invoice.invoiceId);
      await h.callbacks(invoice.invoiceId);
      await h.redeliver(invoice.invoiceId);
      const deliveries = await h.callbacks(invoice.invoiceId);
      expect(deliveries).toHaveLength(2);
      const [first, second] = deliveries.map((d) => h.acquirer.parseCallback(d.rawBody, d.headers));
      expect(second!.eventId).toBe(first!.eventId);
      expect(second!.status).toBe(first!.status);
    });

    it('refuses a callback with a wrong, missing or moved signature, or a tampered body', async () => {
      const invoice = await h.acquirer.createInvoice(request(200_00));
      await h.pay(invoice.invoiceId);
      const [delivery] = await h.callbacks(invoice.invoiceId);
      const other = await h.acquirer.createInvoice(request(300_00));
      await h.pay(other.invoiceId);
      const [otherDelivery] = await h.callbacks(other.invoiceId);
      const { rawBody, headers } = delivery!;
      const signatureHeaders = Object.keys(headers).filter((key) => key !== 'content-type');
      const cases: Array<[string, Record<string, string | undefined>]> = [
        [rawBody.replace('20000', '99999'), headers],
        [rawBody, otherDelivery!.headers],
        [rawBody, { 'content-type': 'application/json' }],
        [rawBody, { ...headers, ...Object.fromEntries(signatureHeaders.map((key) => [key, `${headers[key]}0`])) }],
      ];
      for (const [body, given] of cases) {
        let thrown: unknown;
        try {
          h.acquirer.parseCallback(body, given);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(SbpCallbackError);
        expect((thrown as SbpCallbackError).kind).toBe('signature');
      }
    });
  });
};
