/** The sections of each document, in order; texts in the slice's i18n/locales (`<doc>.<section>.title|text`). */
export const LEGAL_DOCUMENTS = {
  terms: ['service', 'account', 'money', 'cards', 'prohibited', 'closing', 'liability'],
  privacy: ['collect', 'use', 'share', 'keep', 'rights', 'security'],
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;
