import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $card, cardOpened } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { apiDataReset } from '@/shared/api';
import { fail, ok } from '@/shared/api/index.testing';
import type { CardStatus } from '@/shared/contract';
import { i18n, initI18n } from '@/shared/i18n';

vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, error: vi.fn(async () => 1), success: vi.fn(async () => 1) } };
});
const { $activateOpen, $code: $activationCode, $codeProblem, $codeProblemText, activateOpened, activateSubmitted, codeChanged } = await import('./activate');

const server = useCardsFakeApi();
const physical = (status: CardStatus) => makeCard({ form: 'physical', status, allowedActions: status === 'inactive' ? ['activate'] : status === 'active' ? ['freeze', 'topup', 'reveal'] : [] });

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['card', 'card-activate', 'errors']);
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
});

describe('activation of a physical card', () => {
  it('needs 6 digits; a wrong code is said next to the input; the right one activates', async () => {
    let status: CardStatus = 'inactive';
    server.on('GET', '/api/cards/crd_1', () => ok(physical(status)));
    server.on('GET', '/api/cards/crd_1/balance', () => ok({ cardId: 'crd_1', available: { amount: 0, currency: 'USD' }, pending: { amount: 0, currency: 'USD' }, updatedAt: '2025-01-02T03:04:05.000Z' }));
    server.on('POST', '/api/cards/activate', (request) => {
      const { activationCode } = request.body as { activationCode: string };
      if (activationCode !== '246810') return fail(422, { service: 'cards', code: 'INVALID_ACTIVATION_CODE', message: 'wrong' });
      status = 'activating';
      return ok(physical(status));
    });
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });
    await allSettled(activateOpened, { scope, params: scope.getState($card)! });

    await allSettled(codeChanged, { scope, params: '12a45' });
    await allSettled(activateSubmitted, { scope });
    expect(scope.getState($codeProblem)).toBe('format');
    expect(server.callsTo('POST', '/api/cards/activate')).toHaveLength(0);

    await allSettled(codeChanged, { scope, params: '111111' });
    await allSettled(activateSubmitted, { scope });
    expect(scope.getState($codeProblem)).toBe('wrong');
    expect(scope.getState($activationCode)).toBe(''); // cleared for the next try
    expect(scope.getState($activateOpen)).toBe(true);

    await allSettled(codeChanged, { scope, params: '246810' });
    const run = allSettled(activateSubmitted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($card)?.status).toBe('activating');
    expect(scope.getState($activateOpen)).toBe(false);
    status = 'active';
    await vi.advanceTimersByTimeAsync(2_000);
    await run;
    expect(scope.getState($card)?.status).toBe('active');

    const calls = server.callsTo('POST', '/api/cards/activate');
    expect(calls.map((call) => call.body)).toEqual([
      { cardId: 'crd_1', activationCode: '111111' },
      { cardId: 'crd_1', activationCode: '246810' },
    ]);
    expect(calls[0]?.headers.get('idempotency-key')).not.toBe(calls[1]?.headers.get('idempotency-key'));
  });

  it('too many wrong codes blocks the form', async () => {
    server.on('POST', '/api/cards/activate', () => fail(429, { service: 'cards', code: 'ACTIVATION_ATTEMPTS_EXCEEDED', message: 'no' }));
    const scope = fork();
    await allSettled(activateOpened, { scope, params: physical('inactive') });
    await allSettled(codeChanged, { scope, params: '123456' });
    await allSettled(activateSubmitted, { scope });
    expect(scope.getState($codeProblem)).toBe('tooMany');
  });

  it('a wrong code says how many tries are left (server details.attemptsLeft), with plurals in both languages', async () => {
    let left = 2;
    server.on('POST', '/api/cards/activate', () =>
      fail(422, { service: 'cards', code: 'INVALID_ACTIVATION_CODE', message: 'wrong', details: { attemptsLeft: left } }),
    );
    const scope = fork();
    await allSettled(activateOpened, { scope, params: physical('inactive') });
    await allSettled(codeChanged, { scope, params: '111111' });
    await allSettled(activateSubmitted, { scope });
    const text = scope.getState($codeProblemText)!;
    expect(text).toEqual({ key: 'card-activate:problem.wrongTries', values: { count: 2 } });
    expect(i18n.t(text.key, text.values)).toBe('Wrong code. 2 tries left');
    expect(i18n.t(text.key, { count: 1 })).toBe('Wrong code. 1 try left');

    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces(['card-activate']);
    try {
      expect(i18n.t(text.key, { count: 1 })).toBe('Неверный код. Осталась 1 попытка');
      expect(i18n.t(text.key, { count: 2 })).toBe('Неверный код. Осталось 2 попытки');
      expect(i18n.t(text.key, { count: 4 })).toBe('Неверный код. Осталось 4 попытки');
      expect(i18n.t(text.key, { count: 5 })).toBe('Неверный код. Осталось 5 попыток');
      expect(i18n.t(text.key, { count: 21 })).toBe('Неверный код. Осталась 21 попытка');
    } finally {
      await i18n.changeLanguage('en');
    }

    // Typing clears it; an answer without details falls back to the plain sentence.
    await allSettled(codeChanged, { scope, params: '1' });
    expect(scope.getState($codeProblemText)).toBeNull();
    left = 1;
    await allSettled(codeChanged, { scope, params: '222222' });
    await allSettled(activateSubmitted, { scope });
    expect(scope.getState($codeProblemText)).toEqual({ key: 'card-activate:problem.wrongTries', values: { count: 1 } });
    server.on('POST', '/api/cards/activate', () => fail(422, { service: 'cards', code: 'INVALID_ACTIVATION_CODE', message: 'wrong' }));
    await allSettled(codeChanged, { scope, params: '333333' });
    await allSettled(activateSubmitted, { scope });
    expect(scope.getState($codeProblemText)).toEqual({ key: 'card-activate:problem.wrong', values: {} });
  });

  it('a lost answer: the same code submitted again after closing the sheet (or a timeout) keeps its key', async () => {
    const replies = ['network-error', 'hang', ok(physical('activating'))] as const;
    let n = 0;
    server.on('POST', '/api/cards/activate', () => replies[n++]!);
    server.on('GET', '/api/cards/crd_1', () => ok(physical('active')));
    for (let i = 0; i < replies.length; i += 1) {
      const scope = fork(); // the sheet closed and opened again
      await allSettled(activateOpened, { scope, params: physical('inactive') });
      await allSettled(codeChanged, { scope, params: '246810' });
      const run = allSettled(activateSubmitted, { scope });
      await vi.advanceTimersByTimeAsync(10_001);
      await run;
    }
    const keys = server.callsTo('POST', '/api/cards/activate').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });
});
