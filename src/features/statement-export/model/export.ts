/**
 * Statement export (issue #14; PDF and words in the user's language, issue #35): a date range of whole local days
 * and a format (CSV for spreadsheets, PDF to read and print) → a single-use download link from the server
 * (`statements.createLink`) → the file, through Telegram's own download inside Telegram 8.0+ or as a browser blob
 * elsewhere (`@/shared/platform` downloadFile). docs/wallet.md "History search and statements".
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { createApiMutation, downloadApiFile, failureMessageOf, type ErrorMessage } from '@/shared/api';
import { statementsCreateLink, STATEMENT_MAX_DAYS, type Currency, type StatementFormat, type StatementLink } from '@/shared/contract';
import { documentLocale } from '@/shared/i18n';
import { dayRangeInstants, localDateValue } from '@/shared/lib';
import type { DownloadRoute } from '@/shared/platform';
import { statementExportTexts } from '../i18n/texts';

const statementLinkMutation = createApiMutation(statementsCreateLink);

/** Whose statement: a wallet currency or a card. */
export type StatementAccount = { kind: 'wallet' } | { kind: 'card'; cardId: string };

export const firstDayChanged = createEvent<string>();
export const lastDayChanged = createEvent<string>();
export const currencyChanged = createEvent<Currency>();
export const formatChanged = createEvent<StatementFormat>();
export const exportRequested = createEvent<StatementAccount>();
/** The screen with the form went away: forget the outcome shown. */
export const exportClosed = createEvent();

const today = () => new Date();
const monthStart = () => new Date(today().getFullYear(), today().getMonth(), 1);

export const $firstDay = createStore(localDateValue(monthStart()), { serialize: 'ignore' }).on(firstDayChanged, (_, day) => day);
export const $lastDay = createStore(localDateValue(today()), { serialize: 'ignore' }).on(lastDayChanged, (_, day) => day);
export const $currency = createStore<Currency>('USD').on(currencyChanged, (_, currency) => currency);
export const $format = createStore<StatementFormat>('csv').on(formatChanged, (_, format) => format);

/** The chosen days as [from, to) instants, or null when the range is not a valid one (reversed, too long, not dates). */
const $range = sample({
  source: { first: $firstDay, last: $lastDay },
  fn: ({ first, last }) => {
    const range = dayRangeInstants(first, last);
    return range && Date.parse(range.to) - Date.parse(range.from) <= STATEMENT_MAX_DAYS * 86_400_000 ? range : null;
  },
});

export const downloadFx = createEffect((link: StatementLink): Promise<DownloadRoute> => downloadApiFile(link));

export type ExportStatus = 'idle' | 'invalidRange' | 'pending' | 'telegram' | 'browser' | 'failed';

export const $exportStatus = createStore<ExportStatus>('idle')
  .on(statementLinkMutation.started, () => 'pending')
  .on(downloadFx.doneData, (_, route) => route)
  .on(statementLinkMutation.finished.failure, () => 'failed')
  .on(downloadFx.fail, () => 'failed')
  .on([firstDayChanged, lastDayChanged, currencyChanged, formatChanged], (status) => (status === 'pending' ? status : 'idle'))
  .reset(exportClosed);
/** Why the export failed: the server's code in words, or the download's. */
export const $exportError = createStore<ErrorMessage | null>(null, { serialize: 'ignore' })
  .on(failureMessageOf(statementLinkMutation, `${statementExportTexts.ns}:failed`), (_, message) => message)
  .reset(statementLinkMutation.started, exportClosed);
export const $downloadErrorKey = createStore<string | null>(null)
  .on(downloadFx.failData, (_, error) => error.message)
  .reset(downloadFx, exportClosed);

sample({ clock: exportRequested, source: $range, filter: (range) => range === null, fn: (): ExportStatus => 'invalidRange', target: $exportStatus });
sample({
  clock: exportRequested,
  source: { range: $range, currency: $currency, format: $format, pending: statementLinkMutation.$pending },
  filter: ({ range, pending }) => range !== null && !pending,
  fn: ({ range, currency, format }, account) => ({
    body: { ...(account.kind === 'card' ? { cardId: account.cardId } : { currency }), ...range!, format, ...documentLocale() },
  }),
  target: statementLinkMutation.start,
});
sample({ clock: statementLinkMutation.finished.success, fn: ({ result }) => result, target: downloadFx });
