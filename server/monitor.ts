/**
 * What the outside world did that an operator must see (docs/edge.md "What is bounded"):
 * - input an outside service sent and we refused (a rate out of its bounds, an event whose amount or currency is not
 *   what we sent): logged at error level and counted in `outside_input_refused_total{source, reason}` — the alert;
 * - when each watcher of an outside service last polled it successfully: `watcher_last_success_age_seconds{watcher}`
 *   and the details of `/api/ready` (readiness itself does not depend on it).
 * One per app (buildApp), handed to the modules (ModuleDeps.monitor) and the adapters that need it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Clock } from './clock';

/** The outside services whose input is checked. */
export type OutsideSource = 'rates' | 'tron' | 'card-issuer' | 'sbp-acquirer';

export class Monitor {
  private readonly refusedCounter = new Counter({
    name: 'outside_input_refused_total',
    help: 'Input from an outside service refused as out of bounds or not matching what we sent (each one logged at error level)',
    labelNames: ['source', 'reason'] as const,
    registers: [],
  });
  /** Watcher → the time of its last successful poll (null: none yet in this process). */
  private readonly lastSuccess = new Map<string, Date | null>();

  constructor(
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Adds this monitor's metrics to the app's registry (server/http/metrics.ts). */
  registerMetrics(registry: Registry): void {
    registry.registerMetric(this.refusedCounter);
    const ages = () => this.watcherAges();
    registry.registerMetric(
      new Gauge({
        name: 'watcher_last_success_age_seconds',
        help: 'Seconds since each watcher of an outside service last polled it successfully in this process (-1: not yet)',
        labelNames: ['watcher'] as const,
        registers: [],
        collect() {
          for (const [watcher, age] of Object.entries(ages())) this.set({ watcher }, age ?? -1);
        },
      }),
    );
  }

  /** An outside service sent something out of its bounds, or not what we sent: refused, logged at error, counted. */
  refused(source: OutsideSource, reason: string, details: Record<string, unknown>): void {
    this.refusedCounter.inc({ source, reason });
    this.log.error({ source, reason, ...details }, 'outside input refused');
  }

  /** A watcher exists in this process (listed in the metric and /api/ready before its first success). */
  watcherStarted(watcher: string): void {
    if (!this.lastSuccess.has(watcher)) this.lastSuccess.set(watcher, null);
  }

  /** A watcher's poll of its outside service went through. */
  watcherPolled(watcher: string): void {
    this.lastSuccess.set(watcher, this.clock.now());
  }

  /** Seconds since each watcher's last successful poll (null: none yet). */
  watcherAges(): Record<string, number | null> {
    const now = this.clock.now().getTime();
    return Object.fromEntries(
      [...this.lastSuccess].map(([watcher, at]) => [watcher, at === null ? null : Math.max(0, Math.round((now - at.getTime()) / 1000))]),
    );
  }
}
