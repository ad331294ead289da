/**
 * Periods of the history filters and statements in the user's own time zone, as the ISO instants the API takes
 * (`from` inclusive, `to` exclusive; docs/api.md "History search and statements").
 */
export type PeriodKey = 'all' | 'thisMonth' | 'lastMonth' | 'last30Days';
export const PERIOD_KEYS: readonly PeriodKey[] = ['all', 'thisMonth', 'lastMonth', 'last30Days'];

export interface Instants {
  from?: string;
  to?: string;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** The instants of a named period relative to `now` (local time); `all` has none. */
export function periodInstants(key: PeriodKey, now: Date): Instants {
  switch (key) {
    case 'all':
      return {};
    case 'thisMonth':
      return { from: new Date(now.getFullYear(), now.getMonth(), 1).toISOString() };
    case 'lastMonth':
      return {
        from: new Date(now.getFullYear(), now.getMonth() - 1, 1).toISOString(),
        to: new Date(now.getFullYear(), now.getMonth(), 1).toISOString(),
      };
    case 'last30Days': {
      const today = startOfDay(now);
      return { from: new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29).toISOString() };
    }
  }
}

/** `YYYY-MM-DD` of a local date (what `<input type="date">` holds). */
export const localDateValue = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Parses `YYYY-MM-DD` as a local date, or null. */
export function parseLocalDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getDate() === Number(match[3]) ? date : null;
}

/** Whole local days `firstDay`..`lastDay` (inclusive) as instants [from, to), or null when invalid or reversed. */
export function dayRangeInstants(firstDay: string, lastDay: string): Required<Instants> | null {
  const first = parseLocalDate(firstDay);
  const last = parseLocalDate(lastDay);
  if (!first || !last || last < first) return null;
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { from: first.toISOString(), to: end.toISOString() };
}
