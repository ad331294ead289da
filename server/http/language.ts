import type { FastifyRequest } from 'fastify';

/** Languages of the server's texts for a user (SPEC §1: English default, Russian). */
export type RequestLanguage = 'en' | 'ru';

/**
 * The language from Accept-Language (docs/api.md "Localization"): the supported language with the highest q; English
 * when none is supported or the header is missing.
 */
const acceptLanguage = (header: string | string[] | undefined): RequestLanguage => {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'en';
  let best: { lang: RequestLanguage; q: number } | null = null;
  for (const part of value.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'ru') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'en';
};

export const requestLanguage = (request: FastifyRequest): RequestLanguage => acceptLanguage(request.headers['accept-language']);
