import { useTranslation } from '@/shared/i18n';
import type { LaunchParamsIssue } from '@/shared/platform';
import { Button, IconAlert } from '@/shared/ui';
import styles from '../../styles/screens.module.css';
import { startupErrorTexts } from './texts';

export { startupErrorTexts };

/** Shown when initPlatform() rejects the launch parameters: what is wrong, and what to do. Never blank. */
export function StartupErrorScreen({ issues }: { issues: readonly LaunchParamsIssue[] }) {
  const { t } = useTranslation(startupErrorTexts.ns);
  const list = issues.length ? issues : [{ path: '(root)', message: t('unknownIssue') }];
  return (
    <main className={styles.screen} aria-labelledby="startup-error-title">
      <div className={styles.icon}>
        <IconAlert size={36} />
      </div>
      <h1 id="startup-error-title" className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.text}>{t('message')}</p>
      <ul className={styles.issues} data-testid="startup-issues">
        {list.map((issue, index) => (
          <li key={`${issue.path}-${index}`} className={styles.issue}>
            <span className={styles.issuePath}>{issue.path}</span>
            <span>{issue.message}</span>
          </li>
        ))}
      </ul>
      <p className={styles.text}>{t('hint')}</p>
      <div className={styles.actions}>
        <Button fullWidth variant="secondary" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </div>
    </main>
  );
}
