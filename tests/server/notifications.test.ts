/**
 * Bot notifications (issue 15 "The bot"): each kind sent once per event through the sandbox outbox, none when turned
 * off, none for a user without Telegram or for another user's events; the switches endpoint; the webhook's secret and
 * /start; the Bot API adapter against a fake Telegram (429 retry_after, 5xx, 403); a job run again after a crash
 * between the send and its ack sends nothing more. Issue #35: the bot blocked (Telegram's 403, my_chat_member) and
 * allowed again; the activity centre (every event listed for every user, the unread count, marking read, paging).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotApiError, TelegramBotAdapter } from '../../server/adapters/telegram-bot';
import { appJobRegistry, listJobs, runDueJobs } from '../../server/jobs';
import { notifyCardBlocked, notifyUser } from '../../server/modules/notifications';
import { sendNotification } from '../../server/modules/notifications/sender';
import { createTestApp, latestCode, sandboxHeaders, uniqueIp, type TestApp } from './harness';
import { startFakeBotApi, type FakeBotApi } from './fakes/telegram-bot';
import { createCard, fundWallet, newUser, setIssuerMode, spreadClientIps, type TestUser } from './card-helpers';
import { createSbp, depositUsdt } from './wallet-support';

const SECRET = 'bot-webhook-secret-for-tests';
let t: TestApp;
let chatSeq = 700_000_000;

beforeAll(async () => {
  t = await createTestApp({ env: { BOT_WEBHOOK_SECRET: SECRET } });
  spreadClientIps(t);
  await setIssuerMode(t, { delayMs: 0 });
  await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { callbackDelayMs: 0 } });
});
afterAll(() => t?.close());

const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });

/** A verified user linked to a Telegram chat (as a Telegram sign-in links it). */
const linkedUser = async (): Promise<TestUser & { chatId: number }> => {
  const user = await newUser(t);
  const chatId = ++chatSeq;
  await t.db.query('UPDATE users SET telegram_id = $2 WHERE id = $1', [user.id, chatId]);
  return { ...user, chatId };
};

const outbox = async (chatId: number) => {
  const res = await t.call({ method: 'GET', url: `/api/dev/bot-outbox?chatId=${chatId}`, headers: sandboxHeaders(t) });
  expect(res.status).toBe(200);
  return res.body.data.messages as Array<{ text: string; button: { text: string; url: string } | null }>;
};

const settings = (user: TestUser, body?: object) =>
  body
    ? t.call({ method: 'PATCH', url: '/api/notifications/settings', headers: user.headers, payload: body })
    : t.call({ method: 'GET', url: '/api/notifications/settings', headers: user.headers });

const walletUser = (user: TestUser) => ({ userId: user.id, email: user.email, token: user.token, refreshToken: user.refreshToken, headers: user.headers });

const pay = async (user: TestUser, action: 'pay' | 'decline', amount = 150_000) => {
  const created = await createSbp(t, walletUser(user), { amount });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const payment = created.body.data;
  const pressed = await t.app.inject({
    method: 'POST',
    url: `${new URL(payment.paymentUrl).pathname}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(pressed.statusCode).toBe(303);
  await drain();
  return payment as { paymentId: string; invoiceId: string };
};

const activeCard = async (user: TestUser) => {
  await fundWallet(t.db, user.id, 200_00);
  const created = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
  expect(created.status).toBe(200);
  await drain();
  return created.body.data.id as string;
};

const purchase = (cardId: string, amount: number, merchant = 'BLUE BOTTLE COFFEE') => {
  t.clock.advance(1);
  return t.call({ method: 'POST', url: `/api/dev/cards/${cardId}/purchase`, payload: { amount, merchant } });
};

describe('settings', () => {
  it('every kind is on until turned off; a partial update changes only what it names; the language is kept', async () => {
    const user = await linkedUser();
    const initial = await settings(user);
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual({
      telegramLinked: true,
      botBlocked: false,
      language: 'en',
      kinds: { topUpCredited: true, paymentFailed: true, cardReady: true, cardBlocked: true, purchaseApproved: true, purchaseDeclined: true, newSignIn: true, transferReceived: true, requestPaid: true, withdrawalCompleted: true, withdrawalFailed: true },
    });
    const off = await settings(user, { kinds: { newSignIn: false, cardReady: false }, language: 'ru' });
    expect(off.status).toBe(200);
    expect(off.body.data.kinds).toMatchObject({ newSignIn: false, cardReady: false, topUpCredited: true });
    const on = await settings(user, { kinds: { cardReady: true } });
    expect(on.body.data).toMatchObject({ language: 'ru', kinds: { newSignIn: false, cardReady: true } });
    expect((await settings(user)).body.data).toEqual(on.body.data);
  });

  it('a user without Telegram sees telegramLinked false; malformed updates are 400 envelopes', async () => {
    const user = await newUser(t);
    expect((await settings(user)).body.data.telegramLinked).toBe(false);
    for (const payload of [{ kinds: { topUpCredited: 'no' } }, { language: 'de' }, { kinds: [] }]) {
      const res = await settings(user, payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });
});

describe('each kind once per event', () => {
  it('USDT top-up credited: one message to the owner only, none for another user; draining again sends nothing more', async () => {
    const ann = await linkedUser();
    const bob = await linkedUser();
    await depositUsdt(t, walletUser(ann), 25);
    await drain();
    await drain();
    const messages = await outbox(ann.chatId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toMatch(/^Top-up credited: \$25\.\d\d \(USDT\)\.$/);
    expect(messages[0]!.button?.url).toMatch(/^https:\/\/t\.me\/tonic_wallet_bot/);
    expect(await outbox(bob.chatId)).toHaveLength(0);
  });

  it('SBP credited and SBP failed, in Russian after the language was set', async () => {
    const user = await linkedUser();
    await settings(user, { language: 'ru' });
    await pay(user, 'pay');
    const failed = await pay(user, 'decline', 250_00);
    const messages = (await outbox(user.chatId)).reverse();
    expect(messages.map((m) => m.text)).toEqual([
      'Пополнение зачислено: 1\u00a0500,00\u00a0₽ (СБП).',
      'Платёж СБП на 250,00\u00a0₽ не прошёл. Деньги не списаны.',
    ]);
    expect(messages[1]!.button).toEqual({ text: 'Открыть платёж', url: `https://t.me/tonic_wallet_bot?startapp=sbp_${failed.paymentId}` });
    // The acquirer delivers the same callbacks again: nothing more.
    await t.call({ method: 'POST', url: `/api/dev/sbp/invoices/${failed.invoiceId}/callback` });
    await drain();
    expect(await outbox(user.chatId)).toHaveLength(2);
  });

  it('card ready, purchase approved, purchase declined with the reason, card blocked (the hook)', async () => {
    const user = await linkedUser();
    const cardId = await activeCard(user);
    expect((await purchase(cardId, 12_34)).body.data.status).toBe('completed');
    expect((await purchase(cardId, 1_000_00, 'BIG STORE')).body.data.status).toBe('declined');
    const [card] = await t.db.query<{ id: string; user_id: string; last4: string }>('SELECT id, user_id, last4 FROM cards WHERE id = $1', [cardId]);
    await t.db.tx((q) => notifyCardBlocked(q, card!, t.clock.now()));
    await t.db.tx((q) => notifyCardBlocked(q, card!, t.clock.now())); // the same event again: once
    await drain();
    const texts = (await outbox(user.chatId)).reverse().map((m) => m.text);
    expect(texts).toEqual([
      `Your card •${card!.last4} is ready.`,
      `Purchase approved: $12.34 at BLUE BOTTLE COFFEE, card •${card!.last4}.`,
      `Purchase declined: $1,000.00 at BIG STORE, card •${card!.last4}. Not enough money on the card.`,
      `Your card •${card!.last4} has been blocked.`,
    ]);
  });

  it('a new sign-in: one message; a sign-up (the first session) none', async () => {
    const user = await linkedUser();
    expect(await outbox(user.chatId)).toHaveLength(0);
    const ip = uniqueIp();
    expect((await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: user.email, purpose: 'signin' }, remoteAddress: ip })).status).toBe(200);
    const code = await latestCode(t, user.email);
    const signedIn = await t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email: user.email, code }, remoteAddress: ip });
    expect(signedIn.status).toBe(200);
    await drain();
    const messages = await outbox(user.chatId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toMatch(/^New sign-in to your account on .+ UTC\. If it was not you, end that session in Settings\.$/);
  });
});

describe('turned off, or no Telegram', () => {
  it('a kind turned off sends nothing (and records nothing); the others still go', async () => {
    const user = await linkedUser();
    await settings(user, { kinds: { topUpCredited: false } });
    await depositUsdt(t, walletUser(user), 10);
    await pay(user, 'decline', 250_00);
    const messages = await outbox(user.chatId);
    expect(messages.map((m) => m.text)).toEqual(['Your SBP payment of ₽250.00 did not go through. No money was taken.']);
    expect(await t.db.query("SELECT 1 FROM bot_notifications WHERE user_id = $1 AND kind = 'topUpCredited'", [user.id])).toHaveLength(0);
  });

  it('a user without a linked Telegram account gets none', async () => {
    const user = await newUser(t);
    await depositUsdt(t, walletUser(user), 10);
    await drain();
    expect(await t.db.query('SELECT 1 FROM bot_notifications WHERE user_id = $1', [user.id])).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('a job run again after a crash between the send and its ack sends nothing more', async () => {
    const user = await linkedUser();
    await depositUsdt(t, walletUser(user), 25);
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM bot_notifications WHERE user_id = $1', [user.id]);
    const deps = { db: t.db, clock: t.clock, bot: t.app.sandbox!.bot, app: t.config.wallet.app };
    const log = { debug() {}, info() {}, warn() {}, error() {} };
    await sendNotification(deps, row!.id, { log }); // sent; the job itself is not marked done (the "crash")
    await sendNotification(deps, row!.id, { log }); // the retry finds 'sent'
    await drain(); // the queued job runs too
    expect(await outbox(user.chatId)).toHaveLength(1);
    const [after] = await t.db.query<{ status: string; message_id: string }>('SELECT status, message_id FROM bot_notifications WHERE id = $1', [row!.id]);
    expect(after).toMatchObject({ status: 'sent' });
    expect(Number(after!.message_id)).toBeGreaterThan(0);
  });

  describe('through the Bot API (a fake Telegram)', () => {
    let fake: FakeBotApi;
    let b: TestApp;
    beforeAll(async () => {
      fake = await startFakeBotApi();
      b = await createTestApp({ env: { BOT_ADAPTER: 'telegram', TELEGRAM_BOT_TOKEN: fake.token, BOT_API_URL: fake.url, BOT_WEBHOOK_SECRET: SECRET } });
    });
    afterAll(async () => {
      await b?.close();
      await fake?.close();
    });
    const bDrain = () => runDueJobs(b.db, { registry: appJobRegistry(b.app), backoffBaseMs: 0 });

    it('429 waits for retry_after, 5xx retries, then one message; 403 fails for good without retrying', async () => {
      const user = await newUser(b);
      await b.db.query('UPDATE users SET telegram_id = 424242 WHERE id = $1', [user.id]);
      fake.failNext(429, 1, { retryAfter: 30 });
      fake.failNext(502, 1);
      await depositUsdt(b, walletUser(user), 25);
      await bDrain();
      expect(fake.requests).toBe(1); // 429: no call again before retry_after
      const [waiting] = await b.db.query<{ status: string; retry_at: Date }>('SELECT status, retry_at FROM bot_notifications WHERE user_id = $1', [user.id]);
      expect(waiting!.status).toBe('pending');
      const [job] = await b.db.query<{ later: boolean }>("SELECT run_at > clock_timestamp() + interval '25 seconds' AS later FROM jobs WHERE kind = 'bot.notify'");
      expect(job!.later).toBe(true); // the job waits Telegram's retry_after, not the backoff
      await b.db.query("UPDATE jobs SET run_at = clock_timestamp() WHERE kind = 'bot.notify' AND status = 'queued'"); // 30 s pass
      for (let i = 0; i < 3 && fake.delivered.length === 0; i++) await bDrain();
      expect(fake.requests).toBe(3); // 429, 502, ok
      expect(fake.delivered).toEqual([expect.objectContaining({ chatId: 424242, text: expect.stringMatching(/^Top-up credited: \$25\.\d\d \(USDT\)\.$/) })]);

      const other = await newUser(b);
      await b.db.query('UPDATE users SET telegram_id = 434343 WHERE id = $1', [other.id]);
      fake.failNext(403, 1, { description: 'Forbidden: bot was blocked by the user' });
      await depositUsdt(b, walletUser(other), 25);
      await bDrain();
      await bDrain();
      const [blocked] = await b.db.query<{ status: string; last_error: string }>('SELECT status, last_error FROM bot_notifications WHERE user_id = $1', [other.id]);
      expect(blocked).toMatchObject({ status: 'failed', last_error: expect.stringContaining('blocked by the user') });
      expect((await listJobs(b.db, { kind: 'bot.notify', status: 'failed' })).length).toBe(1);
      expect(fake.requests).toBe(4);
      // Telegram's 403 is shown in Settings, and nothing more is sent to that chat until the user allows the bot again.
      const otherSettings = await b.call({ method: 'GET', url: '/api/notifications/settings', headers: other.headers });
      expect(otherSettings.body.data.botBlocked).toBe(true);
      await depositUsdt(b, walletUser(other), 5);
      await bDrain();
      expect(fake.requests).toBe(4);
    });

    it('the adapter never puts the token in an error', async () => {
      const adapter = new TelegramBotAdapter({ apiUrl: 'http://127.0.0.1:1', token: '999:secret-token', timeoutMs: 500 });
      const error = await adapter.sendMessage({ chatId: 1, text: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BotApiError);
      expect(String((error as Error).message)).not.toContain('secret-token');
    });
  });
});

describe('bot blocked (issue #35)', () => {
  it("Telegram's 403 marks the bot blocked: Settings says so, nothing more is sent (the activity centre still lists), until the user allows it again", async () => {
    const user = await linkedUser();
    await t.call({ method: 'POST', url: '/api/dev/bot-chats/blocked', payload: { chatId: user.chatId, blocked: true } });
    await depositUsdt(t, walletUser(user), 10);
    await drain();
    expect(await outbox(user.chatId)).toHaveLength(0);
    expect((await settings(user)).body.data).toMatchObject({ telegramLinked: true, botBlocked: true });
    await depositUsdt(t, walletUser(user), 11);
    await drain();
    expect(await t.db.query('SELECT id FROM bot_notifications WHERE user_id = $1', [user.id])).toHaveLength(1); // the refused one only
    expect((await activity(user)).items).toHaveLength(2);

    // The user lets the bot write again (requestWriteAccess answered "allowed" in the app).
    await t.call({ method: 'POST', url: '/api/dev/bot-chats/blocked', payload: { chatId: user.chatId, blocked: false } });
    const allowed = await settings(user, { botAllowed: true });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.botBlocked).toBe(false);
    expect((await settings(user)).body.data.botBlocked).toBe(false);
    await depositUsdt(t, walletUser(user), 12);
    await drain();
    expect((await outbox(user.chatId)).map((m) => m.text)).toEqual([expect.stringMatching(/^Top-up credited: \$12\.\d\d \(USDT\)\.$/)]);
    expect((await settings(user, { botAllowed: false as never })).status).toBe(400);
  });

  it('my_chat_member (blocked, unblocked) and /start set and clear it for the linked account', async () => {
    const user = await linkedUser();
    const post = (body: object) =>
      t.call({
        method: 'POST',
        url: '/api/webhooks/telegram-bot',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        payload: JSON.stringify({ update_id: Math.floor(Math.random() * 1e9), ...body }),
      });
    const membership = (status: string, type = 'private') => ({
      my_chat_member: { chat: { id: user.chatId, type }, from: { id: user.chatId }, date: 0, old_chat_member: { status: 'member' }, new_chat_member: { status } },
    });
    expect((await post(membership('kicked'))).body).toEqual({ success: true, data: { handled: true } });
    expect((await settings(user)).body.data.botBlocked).toBe(true);
    expect((await post(membership('member', 'group'))).body.data.handled).toBe(false);
    expect((await settings(user)).body.data.botBlocked).toBe(true);
    await post(membership('member'));
    expect((await settings(user)).body.data.botBlocked).toBe(false);
    await post(membership('kicked'));
    await post({ message: { message_id: 1, date: 0, chat: { id: user.chatId, type: 'private' }, text: '/start' } });
    expect((await settings(user)).body.data.botBlocked).toBe(false);
  });
});

const activity = async (user: TestUser, query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/activity${query}`, headers: user.headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Array<Record<string, any>>; nextCursor: string | null; unread: number };
};
const unread = async (user: TestUser) => (await t.call({ method: 'GET', url: '/api/activity/unread', headers: user.headers })).body.data.unread as number;

describe('activity centre (issue #35)', () => {
  it("an account notice (what operators decided) is sent whatever the switches say, in the user's language, and listed too", async () => {
    const user = await linkedUser();
    const off = Object.fromEntries(['topUpCredited', 'paymentFailed', 'cardReady', 'cardBlocked', 'purchaseApproved', 'purchaseDeclined', 'newSignIn'].map((kind) => [kind, false]));
    expect((await settings(user, { kinds: off, language: 'ru' })).status).toBe(200);
    await t.db.tx((q) => notifyUser(q, user.id, { kind: 'accountStatus', ref: `asked:${user.id}`, status: 'infoRequested', items: ['proof_of_address', 'selfie'] }, t.clock.now()));
    t.clock.advance(1);
    await t.db.tx((q) => notifyUser(q, user.id, { kind: 'accountStatus', ref: `frozen:${user.id}`, status: 'frozen', freezeReason: 'compliance_review' }, t.clock.now()));
    await drain();
    expect((await outbox(user.chatId)).map((m) => m.text).reverse()).toEqual([
      'Чтобы завершить проверку аккаунта, нам нужно: подтверждение адреса (счёт за коммунальные услуги или банковская выписка); селфи с документом. Отправьте это в поддержку.',
      'Ваш счёт заморожен. Ваш счёт проходит проверку комплаенс. Пока счёт заморожен, деньги с него не уходят. Обратитесь в поддержку.',
    ]);
    expect((await activity(user)).items).toMatchObject([
      { kind: 'accountStatus', status: 'frozen', freezeReason: 'compliance_review', read: false },
      { kind: 'accountStatus', status: 'infoRequested', items: ['proof_of_address', 'selfie'], read: false },
    ]);
  });

  it('lists the events the bot tells about for a user without Telegram too, whatever the switches; once per event; only their own', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    await settings(user, { kinds: { topUpCredited: false } });
    await depositUsdt(t, walletUser(user), 10);
    t.clock.advance(1);
    await pay(user, 'decline', 250_00);
    t.clock.advance(1);
    const cardId = await activeCard(user);
    await purchase(cardId, 12_34);
    const page = await activity(user);
    expect(page.items.map((item) => item.kind)).toEqual(['purchaseApproved', 'cardReady', 'paymentFailed', 'topUpCredited']);
    expect(page.items[0]).toMatchObject({ kind: 'purchaseApproved', amount: { amount: 12_34, currency: 'USD' }, merchant: 'BLUE BOTTLE COFFEE', read: false });
    expect(page.items[0]!.last4).toMatch(/^\d{4}$/);
    expect(page.items[2]).toMatchObject({ kind: 'paymentFailed', amount: { amount: 250_00, currency: 'RUB' }, paymentId: expect.any(String) });
    expect(page.items[3]).toMatchObject({ kind: 'topUpCredited', method: 'usdt', amount: { currency: 'USD' } });
    expect(page.unread).toBe(4);
    expect(await unread(user)).toBe(4);
    expect((await activity(other)).items).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM bot_notifications WHERE user_id = $1', [user.id])).toHaveLength(0);
  });

  it('marking read up to the newest seen leaves what came later unread; pages by cursor; bad input is a 400 envelope', async () => {
    const user = await newUser(t);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1);
      await depositUsdt(t, walletUser(user), 10 + i);
    }
    const seen = await activity(user);
    expect(seen.unread).toBe(3);
    t.clock.advance(1);
    await depositUsdt(t, walletUser(user), 14); // arrives after the list was loaded
    const marked = await t.call({ method: 'POST', url: '/api/activity/read', headers: user.headers, payload: { upTo: seen.items[0]!.createdAt } });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ unread: 1 });
    const all = await activity(user);
    expect(all.items.map((item) => item.read)).toEqual([false, true, true, true]);

    const first = await activity(user, '?limit=3');
    expect(first.items).toHaveLength(3);
    const second = await activity(user, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual([all.items[3]!.id]);
    expect(second.nextCursor).toBeNull();

    for (const url of ['/api/activity?cursor=bogus', '/api/activity?limit=0', '/api/activity?limit=1000']) {
      const res = await t.call({ method: 'GET', url, headers: user.headers });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
    for (const payload of [{}, { upTo: 'yesterday' }, { upTo: seen.items[0]!.createdAt, extra: 1 }]) {
      const res = await t.call({ method: 'POST', url: '/api/activity/read', headers: user.headers, payload });
      expect(res.status).toBe(400);
    }
    expect((await t.call({ method: 'GET', url: '/api/activity' })).status).toBe(401);
  });

  it('the unread count stops at 100; a stored entry the contract no longer knows is left out, never a 500', async () => {
    const user = await newUser(t);
    await t.db.query(
      `INSERT INTO activity_events (id, user_id, kind, params, created_at)
       SELECT 'newSignIn:bulk-' || g || '-' || $1, $1, 'newSignIn', jsonb_build_object('at', '2025-01-01T00:00:00.000Z'), now() - g * interval '1 second'
       FROM generate_series(1, 120) g`,
      [user.id],
    );
    await t.db.query(`INSERT INTO activity_events (id, user_id, kind, params, created_at) VALUES ($2, $1, 'retiredKind', '{}'::jsonb, now() + interval '1 minute')`, [user.id, `retired:${user.id}`]);
    expect(await unread(user)).toBe(100);
    const page = await activity(user, '?limit=5');
    expect(page.items).toHaveLength(4);
    expect(page.items.every((item) => item.kind === 'newSignIn')).toBe(true);
    expect(page.unread).toBe(100);
  });
});

describe('webhook', () => {
  const update = (text: string, extra: object = {}) => ({
    update_id: Math.floor(Math.random() * 1e9),
    message: { message_id: 1, date: 0, chat: { id: 555_001, type: 'private' }, from: { id: 555_001, is_bot: false, first_name: 'A', language_code: 'en' }, text, ...extra },
  });
  const post = (body: unknown, secret: string | null = SECRET) =>
    t.call({
      method: 'POST',
      url: '/api/webhooks/telegram-bot',
      headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('refuses a wrong or missing secret with a 401 envelope and queues nothing', async () => {
    const before = (await listJobs(t.db, { kind: 'bot.reply' })).length;
    for (const secret of [null, 'wrong', `${SECRET}x`, '']) {
      const res = await post(update('/start'), secret);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
    expect((await listJobs(t.db, { kind: 'bot.reply' })).length).toBe(before);
  });

  it('/start answers with the app link; a promo code and a payment return become start parameters; Russian for ru', async () => {
    const chat = 555_002;
    const send = (text: string, language = 'en') =>
      post({ update_id: Math.floor(Math.random() * 1e9), message: { message_id: 1, date: 0, chat: { id: chat, type: 'private' }, from: { id: chat, is_bot: false, first_name: 'A', language_code: language }, text } });
    for (const text of ['/start', '/start ref_ABCD1234', '/start sbp_pay_123']) expect((await send(text)).body).toEqual({ success: true, data: { handled: true } });
    expect((await send('/start', 'ru')).status).toBe(200);
    await drain();
    const messages = (await outbox(chat)).reverse();
    expect(messages.map((m) => m.button?.url)).toEqual([
      'https://t.me/tonic_wallet_bot',
      'https://t.me/tonic_wallet_bot?startapp=ref_ABCD1234',
      'https://t.me/tonic_wallet_bot?startapp=sbp_pay_123',
      'https://t.me/tonic_wallet_bot',
    ]);
    expect(messages[1]!.text).toContain('promo code ABCD1234');
    expect(messages[3]!.text).toMatch(/^Добро пожаловать/);
  });

  it('anything else is acknowledged and ignored; a redelivered update answers once; malformed bodies are 400', async () => {
    const chat = 555_003;
    const base = { message_id: 1, date: 0, chat: { id: chat, type: 'private' }, text: 'hello' };
    expect((await post({ update_id: 1, message: base })).body).toEqual({ success: true, data: { handled: false } });
    expect((await post({ update_id: 2, edited_message: base })).body.data.handled).toBe(false);
    expect((await post({ update_id: 3, message: { ...base, chat: { id: chat, type: 'group' }, text: '/start' } })).body.data.handled).toBe(false);
    const again = { update_id: 4, message: { ...base, text: '/start' } };
    await post(again);
    await post(again);
    await drain();
    expect(await outbox(chat)).toHaveLength(1);
    for (const body of ['{', '[]', JSON.stringify({ update_id: 'x' })]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('sandbox outbox', () => {
  it('answers only with the sandbox token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/dev/bot-outbox?chatId=1' });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
    expect((await t.call({ method: 'GET', url: '/api/dev/bot-outbox?chatId=abc', headers: sandboxHeaders(t) })).status).toBe(400);
  });
});
