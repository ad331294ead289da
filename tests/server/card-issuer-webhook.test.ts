/**
 * POST /api/webhooks/card-issuer (server/modules/cards/webhook.ts): where a real issuer's events arrive. The adapter
 * checks the signature first (401), then the body (400); a signed event reaches the cards module; never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUER_SIGNATURE_HEADER, sandboxAtRestKey } from '../../server/adapters/card-issuer';
import { SandboxCardIssuer } from '../../server/sandbox';
import { JobRegistry } from '../../server/jobs';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
/** Signs like the app's own sandbox issuer (same at-rest key, so the same webhook secret). */
let signer: SandboxCardIssuer;

beforeAll(async () => {
  t = await createTestApp();
  signer = new SandboxCardIssuer({ db: t.db, clock: t.clock, registry: new JobRegistry(), atRestKey: sandboxAtRestKey(undefined, t.config.jwtSecret) });
});
afterAll(() => t.close());

const post = (rawBody: string, headers: Record<string, string>) => t.call({ method: 'POST', url: '/api/webhooks/card-issuer', payload: rawBody, headers });

describe('POST /api/webhooks/card-issuer', () => {
  it('a signed event reaches the cards module (an unknown card: not handled), with its eventId; again: same answer', async () => {
    const { rawBody, headers } = signer.webhookFor({ type: 'card.frozen', cardRef: 'crd_unknown' });
    const first = await post(rawBody, headers);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { eventId: expect.stringMatching(/^evt_/), handled: false } });
    expect((await post(rawBody, headers)).body).toEqual(first.body);
  });

  it('refuses a wrong or missing signature (401) and a signed non-event (400), never 500', async () => {
    const { rawBody, headers } = signer.webhookFor({ type: 'card.frozen', cardRef: 'crd_unknown' });
    const wrong = await post(rawBody.replace('crd_unknown', 'crd_other'), headers);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    expect((await post(rawBody, { 'content-type': 'application/json' })).status).toBe(401);
    const notAnEvent = signer.webhookFor({ type: 'card.exploded', cardRef: 'x' } as never);
    const bad = await post(notAnEvent.rawBody, notAnEvent.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(headers[ISSUER_SIGNATURE_HEADER]).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
