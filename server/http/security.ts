import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@/shared/contract/core';
import { TELEGRAM_INIT_DATA_HEADER } from '../modules/auth/telegram';

/** Telegram clients that embed the Mini App in a frame. */
const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'];

export interface SecurityOptions {
  appOrigins: string[];
  /** Requests per minute per client IP across the whole API (the DB-backed auth limits come on top). */
  globalRateLimitPerMinute?: number;
}

/**
 * Helmet (CSP relaxed for the SPA and Swagger UI; framing allowed for Telegram clients), CORS for the
 * configured app origins only, and a generous global rate limit.
 */
export const registerSecurity = async (app: FastifyInstance, options: SecurityOptions): Promise<void> => {
  await app.register(helmet, {
    frameguard: false, // X-Frame-Options would block Telegram Web; frame-ancestors below decides instead
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'", ...TELEGRAM_FRAME_ANCESTORS],
        formAction: ["'self'"],
      },
    },
  });
  if (options.appOrigins.length) {
    await app.register(cors, {
      origin: options.appOrigins,
      methods: ['GET', 'POST', 'PATCH'],
      allowedHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, TELEGRAM_INIT_DATA_HEADER, 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Retry-After', 'Idempotency-Replayed'],
      maxAge: 600,
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: options.globalRateLimitPerMinute ?? 600,
    timeWindow: '1 minute',
  });
};
