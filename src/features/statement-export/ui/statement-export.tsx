import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Spinner, useIdlePreload } from '@/shared/ui';
import type { StatementAccount } from '../model/export';
import styles from './statement-export.module.css';
import { statementExportTexts } from '../i18n/texts';

const loadForm = () => import('./statement-export-form');
const StatementExportForm = lazy(loadForm);

/**
 * The statement panel, closed at first: its form (date range, currency, "Export CSV", the export model and the
 * download capability) is a lazy chunk fetched when the browser is idle after the page shows, or on the first
 * open (docs/performance.md "Bundle budget"); a spinner stands in until it is there.
 */
export function StatementExport({ account }: { account: StatementAccount }) {
  const { t } = useTranslation(statementExportTexts.ns);
  const [opened, setOpened] = useState(false);
  useIdlePreload(loadForm);
  return (
    <details className={styles.export} data-testid="statement-export" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className={styles.summary}>{t(`${statementExportTexts.ns}:title`)}</summary>
      {opened && (
        <Suspense fallback={<Spinner />}>
          <StatementExportForm account={account} />
        </Suspense>
      )}
    </details>
  );
}
