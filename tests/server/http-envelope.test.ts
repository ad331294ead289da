import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expectEnvelope = (body: any, code: string) => {
  expect(body.success).toBe(false);
  expect(body.error).toMatchObject({ code, service: expect.any(String), message: expect.any(String) });
};

describe('error envelope', () => {
  it('unknown API route → 404 NOT_FOUND', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope' });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'NOT_FOUND');
  });

  it('unknown non-API route without a built app → 404 envelope too', async () => {
    const res = await t.call({ method: 'GET', url: '/some/page' });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'NOT_FOUND');
  });

  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/send-code',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'MALFORMED_JSON');
  });

  it('body over 64 KB → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/send-code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', purpose: 'signup', pad: 'x'.repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    expectEnvelope(res.body, 'PAYLOAD_TOO_LARGE');
  });

  it('wrong content type → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/send-code', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(res.status).toBe(415);
    expectEnvelope(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('wrong types and missing fields → 400 VALIDATION_ERROR with a fields map', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: 42 } });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'purpose']);
    expect(res.body.error.fields.email).toMatch(/string/i);
  });

  it('no body at all → 400 VALIDATION_ERROR on body', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/send-code' });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(res.body.error.fields).toHaveProperty('body');
  });

  it('invalid registration form → every bad field named', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: '', lastName: 'L', phoneNumber: '123', country: 'XXX', email: 'nope', code: '12' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['code', 'country', 'email', 'firstName', 'phoneNumber']);
  });
});

describe('service routes', () => {
  it('health and readiness', async () => {
    expect((await t.call({ method: 'GET', url: '/api/health' })).body).toEqual({ success: true, data: { status: 'ok' } });
    const ready = await t.call({ method: 'GET', url: '/api/ready' });
    expect(ready.status).toBe(200);
    expect(ready.body.data.status).toBe('ready');
  });

  it('OpenAPI document and docs page', async () => {
    const doc = await t.call({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(doc.body.paths['/api/users/me']).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);
  });

  it('request ids: generated, or kept from X-Request-Id', async () => {
    const generated = await t.call({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
  });

  it('security headers: API answers load nothing and are never framed (the app is framed by Telegram: security-headers.test.ts)', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('/api/dev/* answers 404 when the sandbox is off', async () => {
    const prod = await createTestApp({ env: { SANDBOX: 'false' } });
    try {
      const res = await prod.call({ method: 'GET', url: '/api/dev/mailbox?email=a@example.com' });
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'NOT_FOUND');
    } finally {
      await prod.close();
    }
  });
});
