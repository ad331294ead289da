import { describe, expect, test } from 'vitest';
import { fail, ok } from '../testing/fake-server';
import { testWallet } from '../testing/endpoints';
import { signIn, useFakeApi } from '../testing/setup';
import { request } from '../http/request';
import type { ApiError } from '../http/errors';
import { appLockRequired, appLockSettled, type AppLockRequirement } from './app-lock-wait';

const server = useFakeApi();

/** The requirements the transport announced, and a way to settle them as the app lock would. */
const watchRequired = () => {
  const seen: AppLockRequirement[] = [];
  const unwatch = appLockRequired.watch((requirement) => seen.push(requirement));
  return { seen, unwatch };
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a call the app lock refused waits for it, then is sent again (one mechanism for every screen)', () => {
  test('423 APP_LOCKED: the lock screen is asked for; once unlocked the call goes again and answers', async () => {
    signIn();
    let locked = true;
    server.on('GET', '/api/wallet', () => (locked ? fail(423, { service: 'api', code: 'APP_LOCKED', message: 'The app is locked.' }) : ok({ balance: 7 })));
    const { seen, unwatch } = watchRequired();
    const answer = request(testWallet);
    await tick();
    expect(seen).toEqual(['unlock']);
    locked = false;
    appLockSettled({ requirement: 'unlock', passed: true });
    await expect(answer).resolves.toEqual({ balance: 7 });
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(2);
    unwatch();
  });

  test('403 STEP_UP_REQUIRED: the prompt is asked for; cancelled, the call fails with the server\'s error (no sign-out)', async () => {
    signIn();
    server.on('GET', '/api/wallet', () => fail(403, { service: 'api', code: 'STEP_UP_REQUIRED', message: 'Confirm it’s you.' }));
    const { seen, unwatch } = watchRequired();
    const answer = request(testWallet).catch((error: ApiError) => error);
    await tick();
    expect(seen).toEqual(['step-up']);
    appLockSettled({ requirement: 'step-up', passed: false });
    expect(await answer).toMatchObject({ kind: 'http', status: 403, code: 'STEP_UP_REQUIRED' });
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(1);
    unwatch();
  });
});
