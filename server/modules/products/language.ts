import type { RequestLanguage } from '../../http/language';

/** Picks the text of a {"en": ..., "ru": ...} catalogue value, falling back to English. */
export const pickText = <T>(value: Partial<Record<RequestLanguage, T>> | null | undefined, lang: RequestLanguage, fallback: T): T =>
  value?.[lang] ?? value?.en ?? fallback;
