/**
 * The referral programme of the signed-in user (SPEC §2 /referral, §3 statuses, §7 /api/promo/*):
 * my promo code with totals and the people who signed up with it (newest first, "show more" pages).
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { apiDataReset, createApiQuery, errorMessageOf, queryState } from '@/shared/api';
import { promoMyCode, promoMyReferrals, type Referral } from '@/shared/contract';

/** Referrals per page. */
export const REFERRALS_PAGE_SIZE = 20;

const promoCodeQuery = createApiQuery(promoMyCode);
const referralsQuery = createApiQuery(promoMyReferrals);
const referralsMoreQuery = createApiQuery(promoMyReferrals, { name: 'promo.myReferrals.more' });

/** The referral screen opened: loads the code with totals and the first page of referrals. */
export const referralDataRequested = createEvent();
/** Load (or reload after an error) the promo code and totals. */
export const promoCodeRequested = createEvent();
/** Load (or reload) the first page of referrals. */
export const referralsRequested = createEvent();
/** Append the next page of referrals. */
export const moreReferralsRequested = createEvent();

export const $promoCode = promoCodeQuery.$data;
export const $promoCodeState = queryState(promoCodeQuery);
/** Shown under the SPEC §8 title "Failed to load promo code". */
export const $promoCodeError = errorMessageOf(promoCodeQuery, 'errors:referral.loadPromoCodeFailed');

const $morePages = createStore<Referral[]>([])
  .on(referralsMoreQuery.finished.success, (items, { result }) => [...items, ...result.items])
  .reset(referralsQuery.finished.success, referralsQuery.reset, apiDataReset);

/** Referrals loaded so far (first page + "show more" pages), newest first, each once. */
export const $referrals = combine(referralsQuery.$data, $morePages, (first, more) => {
  const seen = new Set<string>();
  return [...(first?.items ?? []), ...more].filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
});
const $nextCursor = createStore<string | null>(null)
  .on(referralsQuery.$data, (_, data) => data?.nextCursor ?? null)
  .on(referralsMoreQuery.finished.success, (_, { result }) => result.nextCursor)
  .reset(apiDataReset);
export const $hasMoreReferrals = $nextCursor.map((cursor) => cursor !== null);
export const $loadingMoreReferrals = referralsMoreQuery.$pending;
export const $referralsState = queryState(referralsQuery);
/** Shown under the SPEC §8 title "Failed to load referrals". */
export const $referralsError = errorMessageOf(referralsQuery, 'errors:referral.loadReferralsFailed');
export const $moreReferralsError = errorMessageOf(referralsMoreQuery, 'errors:referral.loadReferralsFailed');

sample({ clock: [referralDataRequested, promoCodeRequested], fn: () => undefined, target: promoCodeQuery.start });
sample({
  clock: [referralDataRequested, referralsRequested],
  fn: () => ({ query: { limit: REFERRALS_PAGE_SIZE } }),
  target: referralsQuery.start,
});
sample({
  clock: moreReferralsRequested,
  source: { cursor: $nextCursor, pending: referralsMoreQuery.$pending },
  filter: ({ cursor, pending }) => cursor !== null && !pending,
  fn: ({ cursor }) => ({ query: { cursor: cursor!, limit: REFERRALS_PAGE_SIZE } }),
  target: referralsMoreQuery.start,
});
