import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { API_HEADERS, requestHeader } from './headers';

/** Values never written to logs. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-init-data"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-telegram-init-data"]',
  'body.code',
  'body.refreshToken',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.password',
  '*.initData',
  '*.passcode',
  '*.currentPasscode',
  '*.biometricToken',
];

/** An incoming X-Request-Id is kept only when it is a short token of these characters; anything else gets a fresh UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:~+=-]{1,128}$/;

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;
type ChildArguments = Parameters<FastifyBaseLogger['child']>;

/**
 * A request's logger: pino's child with the request id bound (`reqId`), made only once the request logs at a level
 * the app logs at, or asks for a child or to change its level. Most answers log nothing, and a pino child per request
 * was a measurable share of a hot read's CPU (docs/performance.md).
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: ChildArguments[0],
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private write(level: LogLevel, args: LogArguments): void {
    if (!this.made && !this.parent.isLevelEnabled(level)) return;
    const logger = this.logger;
    (logger[level] as (...rest: LogArguments) => void).apply(logger, args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  fatal(...args: LogArguments): void {
    this.write('fatal', args);
  }
  error(...args: LogArguments): void {
    this.write('error', args);
  }
  warn(...args: LogArguments): void {
    this.write('warn', args);
  }
  info(...args: LogArguments): void {
    this.write('info', args);
  }
  debug(...args: LogArguments): void {
    this.write('debug', args);
  }
  trace(...args: LogArguments): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(...args: ChildArguments): FastifyBaseLogger {
    return this.logger.child(...args);
  }
}

/**
 * Fastify's childLoggerFactory: a RequestLogger, or pino's child at once when the route sets its own level or
 * serializers (none does today) or the logger is not pino.
 */
const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  options.level || options.serializers || !('isLevelEnabled' in logger) || typeof logger.isLevelEnabled !== 'function'
    ? logger.child(bindings, options)
    : (new RequestLogger(logger as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }, bindings) as unknown as FastifyBaseLogger);

/**
 * pino logger with redaction, and request ids. `requestIdHeader: false`: Fastify itself never copies the header
 * (it would take any value), so genReqId's check is the only way an incoming X-Request-Id becomes the id.
 */
export const loggingOptions = (level: string): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'childLoggerFactory'> => ({
  logger: { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
  childLoggerFactory: requestLogger,
  requestIdHeader: false,
  genReqId: (request) => {
    const incoming = requestHeader(request, API_HEADERS.requestId);
    return incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  },
});
