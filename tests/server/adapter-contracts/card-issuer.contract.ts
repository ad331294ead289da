/**
 * The card issuer adapter contract (docs/adapters.md "Card issuer"): every CardIssuer implementation — the sandbox
 * today, a real issuer's adapter tomorrow (run against that issuer's test environment) — must pass this suite.
 *
 *   describeCardIssuerContract('acme', async () => ({ issuer, settle, forceOutcome, activationCode, webhookFor, close }))
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IssuerRequestError,
  IssuerWebhookError,
  type CardIssuer,
  type IssueCardRequest,
  type IssuerEvent,
} from '../../../server/adapters/card-issuer';

export interface CardIssuerContractHarness {
  issuer: CardIssuer;
  /** Lets the issuer's asynchronous processing run until it has nothing left to do (events delivered). */
  settle(): Promise<void>;
  /** Makes this card's next `operation` end with `outcome` (the issuer's test controls). */
  forceOutcome(cardRef: string, operation: 'issue' | 'topup' | 'freeze' | 'close' | 'block', outcome: 'ok' | 'reject' | 'fail'): Promise<void>;
  /** The activation code printed for a shipped physical card (the issuer's test controls). */
  activationCode(cardRef: string): Promise<string>;
  /** A purchase at a merchant on the card (the issuer's test controls), reported as a `trade` event. */
  purchase(cardRef: string, amount: number): Promise<void>;
  /** A webhook delivery of `event` exactly as the issuer sends it (raw body and headers). */
  webhookFor(event: IssuerEvent): { rawBody: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export const describeCardIssuerContract = (name: string, makeHarness: () => Promise<CardIssuerContractHarness>): void => {
  describe(`card issuer contract: ${name}`, () => {
    let h: CardIssuerContractHarness;
    /** Every event the adapter delivered, in order. */
    const events: IssuerEvent[] = [];
    /** The trade the issuer reported for a purchase made through the harness. */
    const purchase = async (cardRef: string, amount: number) => {
      const before = events.length;
      await h.purchase(cardRef, amount);
      await h.settle();
      const trade = events.slice(before).find((event): event is Extract<IssuerEvent, { type: 'trade' }> => event.type === 'trade' && event.cardRef === cardRef);
      if (!trade) throw new Error('the purchase was not reported as a trade');
      expect(trade.trade).toMatchObject({ kind: 'purchase', amount, currency: 'USD' });
      return trade.trade;
    };
    const of = (cardRef: string) => events.filter((event) => event.cardRef === cardRef).map((event) => event.type);

    beforeAll(async () => {
      h = await makeHarness();
      h.issuer.setEventHandler(async (event) => {
        events.push(event);
        // A program that approves every purchase the issuer did not decline itself.
        if (event.type === 'trade') return { handled: true, approved: !event.trade.issuerDeclineReason, declineReason: event.trade.issuerDeclineReason ?? null };
        return { handled: true };
      });
    });
    afterAll(() => h.close());

    const request = (form: 'virtual' | 'physical' = 'virtual'): IssueCardRequest => ({
      cardRef: `crd_${randomUUID()}`,
      userRef: `usr_${randomUUID()}`,
      productRef: 'prd_contract',
      form,
      scheme: 'visa',
      currency: 'USD',
      cardholderName: 'ADA LOVELACE',
      ...(form === 'physical'
        ? { deliveryAddress: { country: 'US', recipient: 'Ada Lovelace', line1: '1 Main St', line2: null, city: 'Springfield', region: 'IL', postcode: '62701' } }
        : {}),
    });

    const issued = async (): Promise<string> => {
      const card = request();
      await h.issuer.requestIssue(card);
      await h.settle();
      expect(of(card.cardRef)).toEqual(['card.issued']);
      return card.cardRef;
    };

    it('is available and names itself', () => {
      expect(h.issuer.available).toBe(true);
      expect(h.issuer.name).toMatch(/^[a-z0-9-]+$/);
    });

    it('issue is idempotent per cardRef: the same request twice is one card and one outcome', async () => {
      const card = request();
      const first = await h.issuer.requestIssue(card);
      const second = await h.issuer.requestIssue(card);
      expect(second.issuerCardId).toBe(first.issuerCardId);
      expect(of(card.cardRef)).toEqual([]); // accepted only: the outcome comes later, asynchronously
      await h.settle();
      const outcome = events.find((event) => event.cardRef === card.cardRef);
      expect(outcome).toMatchObject({ type: 'card.issued', last4: expect.stringMatching(/^\d{4}$/) });
      expect(of(card.cardRef)).toEqual(['card.issued']);
    });

    it('a physical card goes fabricating → shipped, is activated with its code, never with a wrong one', async () => {
      const card = request('physical');
      await h.issuer.requestIssue(card);
      await h.settle();
      // card.shipment: the tracking of its way (made, shipped, delivered) between the status events.
      expect(of(card.cardRef).filter((type) => type !== 'card.shipment')).toEqual(['card.fabricating', 'card.shipped']);
      const code = await h.activationCode(card.cardRef);
      expect(await h.issuer.checkActivationCode(card.cardRef, code === '000000' ? '111111' : '000000')).toBe(false);
      expect(await h.issuer.checkActivationCode(card.cardRef, code)).toBe(true);
      await h.issuer.requestActivation(card.cardRef);
      await h.settle();
      expect(of(card.cardRef).filter((type) => type !== 'card.shipment')).toEqual(['card.fabricating', 'card.shipped', 'card.activated']);
    });

    it('a physical card needs a delivery address; its way is reported made → shipped → delivered, with times in order', async () => {
      const { deliveryAddress: _, ...withoutAddress } = request('physical');
      await expect(h.issuer.requestIssue(withoutAddress)).rejects.toBeInstanceOf(IssuerRequestError);
      const card = request('physical');
      await h.issuer.requestIssue(card);
      await h.settle();
      const shipment = events.filter((event): event is Extract<IssuerEvent, { type: 'card.shipment' }> => event.type === 'card.shipment' && event.cardRef === card.cardRef);
      expect(shipment.map((event) => event.stage)).toEqual(['made', 'shipped', 'delivered']);
      const times = shipment.map((event) => Date.parse(event.at));
      expect(times.every((time) => Number.isFinite(time))).toBe(true);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      // the status event of shipping comes before the tracker's "shipped"
      expect(of(card.cardRef).indexOf('card.shipped')).toBeLessThan(of(card.cardRef).lastIndexOf('card.shipment'));
    });

    describe('spending limits', () => {
      it('the issuer declines a purchase over the per-purchase or the monthly limit, with the reason, and keeps the limits it was given', async () => {
        const cardRef = await issued();
        await h.issuer.setSpendingLimits(cardRef, { perPurchase: 50_00, monthly: 80_00 });
        await h.issuer.setSpendingLimits(cardRef, { perPurchase: 50_00, monthly: 80_00 }); // the same call again: harmless
        expect((await purchase(cardRef, 50_01)).issuerDeclineReason).toBe('OVER_PURCHASE_LIMIT');
        expect((await purchase(cardRef, 50_00)).issuerDeclineReason ?? null).toBeNull();
        expect((await purchase(cardRef, 30_01)).issuerDeclineReason).toBe('OVER_MONTHLY_LIMIT');
        expect((await purchase(cardRef, 30_00)).issuerDeclineReason ?? null).toBeNull();
        await h.issuer.setSpendingLimits(cardRef, { perPurchase: null, monthly: null });
        expect((await purchase(cardRef, 500_00)).issuerDeclineReason ?? null).toBeNull();
      });

      it('refuses limits for an unknown card', async () => {
        await expect(h.issuer.setSpendingLimits(`crd_${randomUUID()}`, { perPurchase: 100, monthly: null })).rejects.toBeInstanceOf(IssuerRequestError);
      });
    });

    it('freeze and unfreeze report their outcome asynchronously; a refused freeze says why', async () => {
      const cardRef = await issued();
      await h.issuer.requestFreeze(cardRef);
      await h.settle();
      await h.issuer.requestUnfreeze(cardRef);
      await h.settle();
      expect(of(cardRef)).toEqual(['card.issued', 'card.frozen', 'card.unfrozen']);
      await h.forceOutcome(cardRef, 'freeze', 'reject');
      await h.issuer.requestFreeze(cardRef);
      await h.settle();
      expect(events.at(-1)).toMatchObject({ type: 'card.freezeFailed', cardRef, reason: expect.any(String) });
    });

    it('close is accepted, then reported asynchronously as card.closed; the card is gone for good', async () => {
      const cardRef = await issued();
      await h.issuer.requestClose(cardRef);
      expect(of(cardRef)).toEqual(['card.issued']); // accepted only
      await h.settle();
      expect(of(cardRef)).toEqual(['card.issued', 'card.closed']);
      // Closed is final at the issuer too: no more freezing it.
      await h.issuer.requestFreeze(cardRef).catch(() => undefined);
      await h.settle();
      expect(of(cardRef).slice(2).every((type) => type === 'card.freezeFailed')).toBe(true);
      // Asked again, the answer is the same (the program may retry a request whose answer it lost).
      await h.issuer.requestClose(cardRef);
      await h.settle();
      expect(events.at(-1)).toEqual({ type: 'card.closed', cardRef });
    });

    it.each(['lost', 'stolen', 'damaged', 'suspected_fraud'] as const)('block (%s) is reported as card.blocked, from active or frozen', async (reason) => {
      const cardRef = await issued();
      await h.issuer.requestFreeze(cardRef);
      await h.settle();
      await h.issuer.requestBlock({ cardRef, reason });
      await h.settle();
      expect(of(cardRef)).toEqual(['card.issued', 'card.frozen', 'card.blocked']);
    });

    it.each(['reject', 'fail'] as const)('a close or block that ends in %s is reported with a reason', async (outcome) => {
      const cardRef = await issued();
      await h.forceOutcome(cardRef, 'close', outcome);
      await h.forceOutcome(cardRef, 'block', outcome);
      await h.issuer.requestClose(cardRef);
      await h.settle();
      expect(events.at(-1)).toEqual({ type: 'card.closeFailed', cardRef, reason: expect.stringMatching(/^[A-Z_]+$/) });
      await h.issuer.requestBlock({ cardRef, reason: 'stolen' });
      await h.settle();
      expect(events.at(-1)).toEqual({ type: 'card.blockFailed', cardRef, reason: expect.stringMatching(/^[A-Z_]+$/) });
    });

    it.each(['reject', 'fail'] as const)('an issue that ends in %s is reported with a reason', async (outcome) => {
      const card = request();
      await h.forceOutcome(card.cardRef, 'issue', outcome);
      await h.issuer.requestIssue(card);
      await h.settle();
      const type = outcome === 'reject' ? 'card.rejected' : 'card.failed';
      expect(events.filter((event) => event.cardRef === card.cardRef)).toEqual([{ type, cardRef: card.cardRef, reason: expect.stringMatching(/^[A-Z_]+$/) }]);
    });

    it('top-up is idempotent per topupRef: asked twice, loaded and reported once', async () => {
      const cardRef = await issued();
      const topupRef = `tpu_${randomUUID()}`;
      await h.issuer.requestTopUp({ cardRef, topupRef, amount: 10_000, currency: 'USD' });
      await h.issuer.requestTopUp({ cardRef, topupRef, amount: 10_000, currency: 'USD' });
      await h.settle();
      // Reported with what was loaded: the program refuses a completion that is not what it asked for.
      expect(events.filter((event) => event.type === 'topup.completed' && event.topupRef === topupRef)).toEqual([
        { type: 'topup.completed', cardRef, topupRef, amount: 10_000, currency: 'USD' },
      ]);
    });

    it('a failed top-up is reported as topup.failed with a reason; a top-up in another currency is refused', async () => {
      const cardRef = await issued();
      await h.forceOutcome(cardRef, 'topup', 'fail');
      const topupRef = `tpu_${randomUUID()}`;
      await h.issuer.requestTopUp({ cardRef, topupRef, amount: 500, currency: 'USD' });
      await h.settle();
      expect(events.at(-1)).toEqual({ type: 'topup.failed', cardRef, topupRef, reason: expect.stringMatching(/^[A-Z_]+$/) });
      await expect(h.issuer.requestTopUp({ cardRef, topupRef: `tpu_${randomUUID()}`, amount: 500, currency: 'RUB' })).rejects.toBeInstanceOf(IssuerRequestError);
    });

    it('unknown card ids are refused with IssuerRequestError (never accepted silently)', async () => {
      const unknown = `crd_${randomUUID()}`;
      for (const call of [
        () => h.issuer.requestActivation(unknown),
        () => h.issuer.requestFreeze(unknown),
        () => h.issuer.requestUnfreeze(unknown),
        () => h.issuer.requestTopUp({ cardRef: unknown, topupRef: `tpu_${randomUUID()}`, amount: 100, currency: 'USD' }),
        () => h.issuer.requestClose(unknown),
        () => h.issuer.requestBlock({ cardRef: unknown, reason: 'lost' }),
        () => h.issuer.checkActivationCode(unknown, '123456'),
      ]) {
        await expect(call()).rejects.toBeInstanceOf(IssuerRequestError);
      }
      await h.settle();
      expect(of(unknown)).toEqual([]);
    });

    describe('webhooks', () => {
      const event: IssuerEvent = { type: 'topup.completed', cardRef: 'crd_contract', topupRef: 'tpu_contract', amount: 1_000, currency: 'USD' };

      it('a signed delivery reads back as the event', () => {
        const { rawBody, headers } = h.webhookFor(event);
        expect(h.issuer.parseWebhook(rawBody, headers).event).toEqual(event);
      });

      it.each<IssuerEvent>([
        { type: 'card.closed', cardRef: 'crd_contract' },
        { type: 'card.closeFailed', cardRef: 'crd_contract', reason: 'ISSUER_DECLINED' },
        { type: 'card.blocked', cardRef: 'crd_contract' },
        { type: 'card.blockFailed', cardRef: 'crd_contract', reason: 'ISSUER_DECLINED' },
      ])('the lifecycle event $type reads back as itself', (lifecycle) => {
        const { rawBody, headers } = h.webhookFor(lifecycle);
        expect(h.issuer.parseWebhook(rawBody, headers).event).toEqual(lifecycle);
      });

      it('refuses a wrong, missing or replayed-onto-another-body signature', () => {
        const { rawBody, headers } = h.webhookFor(event);
        const other = h.webhookFor({ ...event, topupRef: 'tpu_other' });
        const tampered = rawBody.replace('tpu_contract', 'tpu_stolen');
        const cases: Array<[string, Record<string, string | undefined>]> = [
          [tampered, headers],
          [rawBody, other.headers],
          [rawBody, Object.fromEntries(Object.keys(headers).map((key) => [key, key === 'content-type' ? headers[key] : undefined]))],
          [rawBody, Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, key === 'content-type' ? value : `${value}0`]))],
        ];
        for (const [body, given] of cases) {
          let thrown: unknown;
          try {
            h.issuer.parseWebhook(body, given);
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(IssuerWebhookError);
          expect((thrown as IssuerWebhookError).kind).toBe('signature');
        }
      });

      it('a redelivered event carries the same eventId (the program can recognise duplicates)', () => {
        const first = h.webhookFor(event);
        const again = h.webhookFor(event);
        expect(h.issuer.parseWebhook(again.rawBody, again.headers).eventId).toBe(h.issuer.parseWebhook(first.rawBody, first.headers).eventId);
        expect(h.issuer.parseWebhook(h.webhookFor({ ...event, topupRef: 'tpu_2' }).rawBody, h.webhookFor({ ...event, topupRef: 'tpu_2' }).headers).eventId).not.toBe(
          h.issuer.parseWebhook(first.rawBody, first.headers).eventId,
        );
      });
    });
  });
};
