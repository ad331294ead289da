import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import type { Referral } from '@/shared/contract';
import {
  $hasMoreReferrals,
  $promoCode,
  $promoCodeError,
  $promoCodeState,
  $referrals,
  $referralsError,
  $referralsState,
  moreReferralsRequested,
  referralDataRequested,
  REFERRALS_PAGE_SIZE,
} from './referral';

const server = createFakeServer();

const myCode = {
  code: 'AB12CD34',
  bonusPerReferral: { amount: 500, currency: 'USD' },
  referralsCount: 3,
  activeCount: 1,
  totalEarned: { amount: 500, currency: 'USD' },
};

const referral = (n: number, status: Referral['status'] = 'Registered'): Referral => ({
  id: `ref_${String(n).padStart(24, '0')}`,
  name: `Friend ${n}.`,
  status,
  registeredAt: '2030-01-01T12:00:00.000Z',
  bonus: status === 'Active' ? { amount: 500, currency: 'USD' } : null,
});


beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access', refreshToken: 'refresh' });
  await allSettled(apiDataReset, { scope: fork() });
});

describe('referral entity', () => {
  test('opening the screen loads the code and the first page of referrals', async () => {
    server.on('GET', '/api/promo/my-code', () => ok(myCode));
    server.on('GET', '/api/promo/my-referrals', () => ok({ items: [referral(1, 'Active'), referral(2)], nextCursor: null }));
    const scope = fork();
    await allSettled(referralDataRequested, { scope });

    expect(scope.getState($promoCodeState)).toBe('success');
    expect(scope.getState($promoCode)).toEqual(myCode);
    expect(scope.getState($referralsState)).toBe('success');
    expect(scope.getState($referrals).map((r) => r.status)).toEqual(['Active', 'Registered']);
    expect(scope.getState($hasMoreReferrals)).toBe(false);
    const list = server.calls.find((call) => call.path === '/api/promo/my-referrals')!;
    expect(list.query.get('limit')).toBe(String(REFERRALS_PAGE_SIZE));
    expect(list.headers.get('authorization')).toBe('Bearer access');
  });

  test('“show more” appends the next page with the cursor, once per click', async () => {
    server.on('GET', '/api/promo/my-code', () => ok(myCode));
    server.on('GET', '/api/promo/my-referrals', (request) =>
      request.query.get('cursor') === 'page-2'
        ? ok({ items: [referral(3), referral(2)], nextCursor: null })
        : ok({ items: [referral(1), referral(2)], nextCursor: 'page-2' }),
    );
    const scope = fork();
    await allSettled(referralDataRequested, { scope });
    expect(scope.getState($hasMoreReferrals)).toBe(true);

    await allSettled(moreReferralsRequested, { scope });
    // referral 2 came again on the second page (a new sign-up shifted nothing, but duplicates never show twice)
    expect(scope.getState($referrals).map((r) => r.name)).toEqual(['Friend 1.', 'Friend 2.', 'Friend 3.']);
    expect(scope.getState($hasMoreReferrals)).toBe(false);
    await allSettled(moreReferralsRequested, { scope });
    expect(server.calls.filter((call) => call.path === '/api/promo/my-referrals')).toHaveLength(2);
  });

  test('SPEC §8 messages when loading fails', async () => {
    server.on('GET', '/api/promo/my-code', () => fail(404, { service: 'api', code: 'NOT_FOUND', message: 'No such route' }));
    server.on('GET', '/api/promo/my-referrals', () => fail(400, 'bad'));
    const scope = fork();
    await allSettled(referralDataRequested, { scope });

    expect(scope.getState($promoCodeState)).toBe('error');
    expect(scope.getState($promoCodeError)?.keys).toContain('errors:referral.loadPromoCodeFailed');
    expect(scope.getState($referralsState)).toBe('error');
    expect(scope.getState($referralsError)?.keys).toContain('errors:referral.loadReferralsFailed');
  });


  test('signing out forgets everything', async () => {
    server.on('GET', '/api/promo/my-code', () => ok(myCode));
    server.on('GET', '/api/promo/my-referrals', () => ok({ items: [referral(1)], nextCursor: 'next' }));
    const scope = fork();
    await allSettled(referralDataRequested, { scope });
    await allSettled(apiDataReset, { scope });
    expect(scope.getState($promoCode)).toBeNull();
    expect(scope.getState($referrals)).toEqual([]);
    expect(scope.getState($hasMoreReferrals)).toBe(false);
  });
});
