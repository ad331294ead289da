import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import type { Currency, StatementFormat } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Button, SegmentedControl, Select, TextField } from '@/shared/ui';
import {
  $currency,
  $downloadErrorKey,
  $exportError,
  $exportStatus,
  $firstDay,
  $format,
  $lastDay,
  currencyChanged,
  formatChanged,
  exportClosed,
  exportRequested,
  firstDayChanged,
  lastDayChanged,
  type StatementAccount,
} from '../model/export';
import styles from './statement-export.module.css';
import { statementExportTexts } from '../i18n/texts';

/**
 * A date range, the format (CSV for a spreadsheet, PDF to read and print) and "Export": the wallet form also picks the
 * currency; a card's uses the card. A lazy chunk
 * (with the model, the download capability and its translations' use): the panel shows it once opened.
 */
export default function StatementExportForm({ account }: { account: StatementAccount }) {
  const { t } = useTranslation([statementExportTexts.ns, 'platform', 'errors']);
  const [first, last, currency, status, error, downloadError] = useUnit([$firstDay, $lastDay, $currency, $exportStatus, $exportError, $downloadErrorKey]);
  const [changeFirst, changeLast, changeCurrency, exportNow, close] = useUnit([firstDayChanged, lastDayChanged, currencyChanged, exportRequested, exportClosed]);
  const [format, changeFormat] = useUnit([$format, formatChanged]);
  useEffect(() => () => close(), [close]);

  let message: string | null = null;
  if (status === 'invalidRange') message = t(`${statementExportTexts.ns}:invalidRange`);
  else if (status === 'telegram') message = t(`${statementExportTexts.ns}:doneTelegram`);
  else if (status === 'browser') message = t(`${statementExportTexts.ns}:done`);
  else if (status === 'failed') {
    message = downloadError ? t(downloadError) : error ? t(error.keys, { defaultValue: error.defaultValue }) : t(`${statementExportTexts.ns}:failed`);
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        exportNow(account);
      }}
    >
      <div className={styles.row}>
        <TextField type="date" label={t(`${statementExportTexts.ns}:from`)} value={first} max={last || undefined} onChange={(event) => changeFirst(event.target.value)} />
        <TextField type="date" label={t(`${statementExportTexts.ns}:to`)} value={last} min={first || undefined} onChange={(event) => changeLast(event.target.value)} />
        {account.kind === 'wallet' && (
          <Select
            label={t(`${statementExportTexts.ns}:currency`)}
            value={currency}
            onChange={(event) => changeCurrency(event.target.value as Currency)}
            options={[
              { value: 'USD', label: 'USD' },
              { value: 'RUB', label: 'RUB' },
            ]}
          />
        )}
      </div>
      <SegmentedControl<StatementFormat>
        label={t(`${statementExportTexts.ns}:format`)}
        value={format}
        onChange={changeFormat}
        options={[
          { value: 'csv', label: t(`${statementExportTexts.ns}:formats.csv`) },
          { value: 'pdf', label: t(`${statementExportTexts.ns}:formats.pdf`) },
        ]}
      />
      <Button type="submit" variant="secondary" fullWidth loading={status === 'pending'}>
        {t(format === 'pdf' ? `${statementExportTexts.ns}:submitPdf` : `${statementExportTexts.ns}:submit`)}
      </Button>
      <p className={styles.message} role={status === 'failed' || status === 'invalidRange' ? 'alert' : 'status'} data-status={status}>
        {message}
      </p>
    </form>
  );
}
