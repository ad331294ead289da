/**
 * The production exchange-rate provider: the Central Bank of Russia's official daily rates
 * (https://www.cbr.ru/scripts/XML_daily.asp, docs/wallet.md "Exchange rates").
 *
 * The last good USD/RUB rate is stored in `exchange_market_rates` (one row per source), so every server process
 * quotes the same rate and a restart keeps it. There is no timer: when a quote needs the market rate and the stored
 * one is older than `refreshSeconds`, the process that claims the row's `attempted_at` (one conditional UPDATE, so
 * one process per `retrySeconds`) fetches the document, with a timeout; everyone else goes on with the stored rate.
 * A failed fetch (network, timeout, non-200, malformed document, a date far from today) is logged and recorded in
 * `last_error` and changes nothing else. Once the last good fetch is older than `maxAgeSeconds`, midRate() refuses
 * (→ 503 RATE_UNAVAILABLE, "Rate unavailable").
 */
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { MID_SCALE } from '@/shared/money';
import { refuseRate, type RateBounds } from './bounds';
import { RateProviderUnavailableError, type RateProvider } from './provider';
import { outsideFetch } from '../outside-http';

const SOURCE = 'cbr';
/** The document is about 10 KB; anything much larger is not it. */
const MAX_BYTES = 1024 * 1024;
/** Accepted document dates around today: long Russian holidays keep one dated rate for ~10 days; it is set a day ahead. */
const MAX_DOCUMENT_AGE_DAYS = 15;
const MAX_DOCUMENT_LEAD_DAYS = 5;
const DAY_MS = 86_400_000;

export interface CbrDaily {
  /** The document's date (the day the rates are set for), ISO yyyy-mm-dd. */
  date: string;
  /** RUB per 1 USD, MID_SCALE decimals, rounded down. */
  mid: string;
  /** The currency's Russian name, as decoded (proves the windows-1251 decoding). */
  name: string;
}

class CbrDocumentError extends Error {
  override name = 'CbrDocumentError';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string): string => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);

/** The declared encoding of the XML prolog (the CBR declares windows-1251); UTF-8 without one. */
const declaredEncoding = (bytes: Uint8Array): string => {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  return /^\s*<\?xml[^>]*\bencoding=["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
};

const DECIMAL_COMMA = /^(\d{1,9})[,.](\d{1,8})$/;

/**
 * Parses the daily document — a fixed, flat format (ValCurs › Valute › CharCode/Nominal/Value), so a few strict
 * patterns replace an XML library. Throws CbrDocumentError on anything else.
 */
export const parseCbrDaily = (bytes: Uint8Array): CbrDaily => {
  let text: string;
  try {
    text = new TextDecoder(declaredEncoding(bytes), { fatal: true }).decode(bytes);
  } catch {
    throw new CbrDocumentError('undecodable document');
  }
  const root = /<ValCurs\b([^>]*)>([\s\S]*)<\/ValCurs>\s*$/.exec(text);
  if (!root) throw new CbrDocumentError('no ValCurs element');
  const date = /\bDate="(\d{2})\.(\d{2})\.(\d{4})"/.exec(root[1]!);
  if (!date) throw new CbrDocumentError('no ValCurs Date');
  const iso = `${date[3]}-${date[2]}-${date[1]}`;
  const parsedDate = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsedDate.getTime()) || parsedDate.toISOString().slice(0, 10) !== iso) throw new CbrDocumentError(`bad date ${date[0]}`);
  for (const valute of root[2]!.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)) {
    const fields = Object.fromEntries([...valute[1]!.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map((m) => [m[1]!, unescapeXml(m[2]!.trim())]));
    if (fields.CharCode !== 'USD') continue;
    const value = DECIMAL_COMMA.exec(fields.Value ?? '');
    const nominal = /^[1-9]\d{0,6}$/.test(fields.Nominal ?? '') ? BigInt(fields.Nominal!) : null;
    if (!value || !nominal) throw new CbrDocumentError(`bad USD value "${fields.Value}" / nominal "${fields.Nominal}"`);
    // value / nominal at MID_SCALE decimals, exactly: (int.frac × 10^MID_SCALE) / nominal.
    const fraction = value[2]!;
    const units = BigInt(`${value[1]}${fraction}`);
    const scaled = fraction.length >= MID_SCALE ? units / 10n ** BigInt(fraction.length - MID_SCALE) : units * 10n ** BigInt(MID_SCALE - fraction.length);
    const mid = scaled / nominal;
    if (mid <= 0n) throw new CbrDocumentError('USD rate is zero');
    const digits = mid.toString().padStart(MID_SCALE + 1, '0');
    return { date: iso, mid: `${digits.slice(0, -MID_SCALE)}.${digits.slice(-MID_SCALE)}`, name: fields.Name ?? '' };
  }
  throw new CbrDocumentError('no USD in the document');
};

export interface CbrRateProviderOptions {
  db: Db;
  clock: Clock;
  url: string;
  refreshSeconds: number;
  retrySeconds: number;
  maxAgeSeconds: number;
  timeoutMs: number;
  /** What a rate may be (RATES_MIN_USD_RUB, RATES_MAX_USD_RUB, RATES_MAX_CHANGE_BPS from the last accepted one). */
  bounds: RateBounds;
  log?: (msg: string, data?: object) => void;
  /** A document's rate was refused as out of its bounds (the alert: logged at error, counted). */
  onRefused?: (reason: string, details: Record<string, unknown>) => void;
}

interface MarketRow extends Record<string, unknown> {
  mid_rate: string | null;
  rate_date: string | null;
  fetched_at: Date | null;
  attempted_at: Date | null;
}

export class CbrRateProvider implements RateProvider {
  readonly maxAgeSeconds: number;

  constructor(private readonly options: CbrRateProviderOptions) {
    this.maxAgeSeconds = options.maxAgeSeconds;
  }

  private async stored(): Promise<MarketRow | undefined> {
    const [row] = await this.options.db.query<MarketRow>(
      'SELECT mid_rate, rate_date::text AS rate_date, fetched_at, attempted_at FROM exchange_market_rates WHERE source = $1',
      [SOURCE],
    );
    return row;
  }

  /** Takes the right to fetch now: true for exactly one caller per retry interval, across processes. */
  private async claim(now: Date): Promise<boolean> {
    const rows = await this.options.db.query(
      `INSERT INTO exchange_market_rates (source, attempted_at, updated_at) VALUES ($1, $2, $2)
       ON CONFLICT (source) DO UPDATE SET attempted_at = EXCLUDED.attempted_at, updated_at = EXCLUDED.updated_at
       WHERE exchange_market_rates.attempted_at IS NULL OR exchange_market_rates.attempted_at <= $3
       RETURNING source`,
      [SOURCE, now, new Date(now.getTime() - this.options.retrySeconds * 1000)],
    );
    return rows.length > 0;
  }

  async midRate(): Promise<{ mid: string; at: Date }> {
    const now = this.options.clock.now();
    let row = await this.stored();
    const due = !row?.fetched_at || row.fetched_at.getTime() + this.options.refreshSeconds * 1000 <= now.getTime();
    if (due && (await this.claim(now))) {
      await this.refresh();
      row = await this.stored();
    }
    if (!row?.mid_rate || !row.fetched_at) throw new RateProviderUnavailableError('No central bank rate has been fetched yet');
    if (now.getTime() - row.fetched_at.getTime() > this.maxAgeSeconds * 1000) {
      throw new RateProviderUnavailableError(`The last central bank rate was fetched at ${row.fetched_at.toISOString()}: too old`);
    }
    return { mid: row.mid_rate, at: row.fetched_at };
  }

  /**
   * One fetch of the document; stores the rate when it is good, records the error otherwise. Never throws. A rate out
   * of its bounds (absolute, or moved too far from the last accepted one) is refused like a broken document, and
   * reported (onRefused): the last good rate keeps serving until it ages out.
   */
  async refresh(): Promise<{ ok: true; daily: CbrDaily } | { ok: false; error: string }> {
    const { db, clock, url, timeoutMs, log } = this.options;
    const now = clock.now();
    try {
      const daily = await this.fetchDaily();
      const age = (now.getTime() - Date.parse(`${daily.date}T00:00:00Z`)) / DAY_MS;
      if (age > MAX_DOCUMENT_AGE_DAYS || age < -MAX_DOCUMENT_LEAD_DAYS) throw new CbrDocumentError(`document dated ${daily.date}, too far from today`);
      const previous = (await this.stored())?.mid_rate ?? null;
      const refused = refuseRate(daily.mid, previous, this.options.bounds);
      if (refused) {
        this.options.onRefused?.(refused.reason, { url, mid: daily.mid, previous, date: daily.date });
        throw new CbrDocumentError(refused.message);
      }
      await db.query(
        `INSERT INTO exchange_market_rates (source, mid_rate, rate_date, fetched_at, attempted_at, last_error, updated_at)
         VALUES ($1, $2, $3, $4, $4, NULL, $4)
         ON CONFLICT (source) DO UPDATE SET mid_rate = EXCLUDED.mid_rate, rate_date = EXCLUDED.rate_date, fetched_at = EXCLUDED.fetched_at,
           last_error = NULL, updated_at = EXCLUDED.updated_at`,
        [SOURCE, daily.mid, daily.date, now],
      );
      return { ok: true, daily };
    } catch (error) {
      const message = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error instanceof Error ? error.message : error);
      log?.('central bank rate fetch failed; the last good rate stays', { url, error: message });
      await db
        .query('UPDATE exchange_market_rates SET last_error = $2, updated_at = $3 WHERE source = $1', [SOURCE, message.slice(0, 500), now])
        .catch(() => undefined);
      return { ok: false, error: message };
    }
  }

  private async fetchDaily(): Promise<CbrDaily> {
    // A redirect is followed within the bank's own origin only (outsideFetch).
    const response = await outsideFetch(this.options.url, {
      signal: AbortSignal.timeout(this.options.timeoutMs),
      headers: { accept: 'application/xml, text/xml', 'user-agent': 'TonicWallet-rates/1.0' },
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > MAX_BYTES) throw new CbrDocumentError(`document of ${declared} bytes`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_BYTES) throw new CbrDocumentError(`document of ${bytes.byteLength} bytes`);
    return parseCbrDaily(bytes);
  }
}
