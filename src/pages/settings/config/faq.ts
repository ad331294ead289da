/** FAQ items in display order; texts in the slice's `faq.<id>.q`, `faq.<id>.a`, optional `faq.<id>.limits` (i18n/locales). */
export const FAQ_ITEMS = ['usdt', 'sbp', 'exchange', 'cardFees', 'deposits', 'freezing', 'sensitive', 'verification', 'accountDeletion', 'referral'] as const;
export type FaqItemId = (typeof FAQ_ITEMS)[number];
