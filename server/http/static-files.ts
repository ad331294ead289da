import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The operator console's pages (docs/ops.md "The console"): built to `<STATIC_DIR>/ops/`, served at /ops/. */
export const isConsolePath = (url: string): boolean => url === '/ops' || url.startsWith('/ops/') || url.startsWith('/ops?');

/**
 * Serves the built Vite app. Hashed files under /assets/ are cached forever; everything else
 * (index.html) is revalidated. The build writes a brotli (.br) and a gzip (.gz) copy beside every compressible
 * file (scripts/precompress.ts): the copy the browser accepts is sent (Vary: Accept-Encoding), no compression
 * work per request; a file without copies is sent as it is. Returns the SPA fallback for the not-found handler, or null when there
 * is nothing to serve (no build yet: run `npm run build`, or use `npm run dev`).
 */
export const registerStaticFiles = async (
  app: FastifyInstance,
  staticDir: string | false,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null> => {
  if (!staticDir) return null;
  if (!existsSync(join(staticDir, 'index.html'))) {
    app.log.warn(`No built app in ${staticDir} (index.html missing): only the API is served. Run "npm run build".`);
    return null;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
    },
  });
  // The console's routes fall back to its own page, the app's to the app's (a build without the console: the app's).
  const consolePage = existsSync(join(staticDir, 'ops', 'index.html')) ? 'ops/index.html' : 'index.html';
  return (request, reply) => reply.header('cache-control', 'no-cache').sendFile(isConsolePath(request.url) ? consolePage : 'index.html');
};
