import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { decimalOf, formatDecimal, MID_SCALE } from '@/shared/money';
import { RateProviderUnavailableError, type RateProvider } from '../adapters/rates';
import { readSandboxSetting, writeSandboxSetting } from './settings';

export interface SandboxRateState {
  available: boolean;
}

const SETTING_KEY = 'rate_provider';
const DRIFT_PERIOD_MS = 60 * 60 * 1000;
/** ±0.3 % over an hour. */
const DRIFT_AMPLITUDE = 0.003;

/**
 * Sandbox market: a base USD/RUB mid rate with a small deterministic drift (a sine over the hour of the
 * clock, so the same time always gives the same rate), switchable off through /api/dev/exchange/rate-provider.
 */
export class SandboxRateProvider implements RateProvider {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly baseMid: string,
  ) {}

  static midAt(baseMid: string, at: Date): string {
    const base = decimalOf(baseMid);
    const units = base.units * 10n ** BigInt(MID_SCALE - base.scale);
    const factor = 1 + DRIFT_AMPLITUDE * Math.sin((2 * Math.PI * (at.getTime() % DRIFT_PERIOD_MS)) / DRIFT_PERIOD_MS);
    // The float only shapes the drift; the rate itself is an exact 4-decimal integer from here on.
    const drifted = BigInt(Math.round(Number(units) * factor));
    return formatDecimal(drifted > 0n ? drifted : 1n, MID_SCALE);
  }

  async midRate(): Promise<{ mid: string; at: Date }> {
    const state = await readSandboxSetting<SandboxRateState>(this.db, SETTING_KEY, { available: true });
    if (!state.available) throw new RateProviderUnavailableError('Sandbox rate provider is switched off');
    const at = this.clock.now();
    return { mid: SandboxRateProvider.midAt(this.baseMid, at), at };
  }

  state(): Promise<SandboxRateState> {
    return readSandboxSetting<SandboxRateState>(this.db, SETTING_KEY, { available: true });
  }

  async setAvailable(available: boolean): Promise<void> {
    await writeSandboxSetting<SandboxRateState>(this.db, SETTING_KEY, { available }, this.clock.now());
  }
}

