import type { IncomingHttpHeaders } from 'node:http';
import { API_HEADERS, type ApiHeader } from '@/shared/contract/headers';

export { API_HEADERS };

/**
 * A request header named in the contract (`API_HEADERS`), as Node hands it over (names lower-cased): its value
 * when it is one string, else undefined.
 */
export const requestHeader = (request: { headers: IncomingHttpHeaders }, name: ApiHeader): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

/** The bearer token of the Authorization header ('' when there is none). */
export const bearerToken = (request: { headers: IncomingHttpHeaders }): string => {
  const header = requestHeader(request, API_HEADERS.authorization) ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
};
