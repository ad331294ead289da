/** FAQ items in display order; texts in the `faq` namespace (`<id>.q`, `<id>.a`, optional `<id>.limits`). */
export const FAQ_ITEMS = ['usdt', 'sbp', 'exchange', 'cardFees', 'deposits', 'freezing', 'sensitive', 'verification', 'accountDeletion', 'referral'] as const;
export type FaqItemId = (typeof FAQ_ITEMS)[number];
