import { useUnit } from 'effector-react';
import type { DeletionBlocker } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Button, Section } from '@/shared/ui';
import { $blockers, $deleting, $error, $step, deleteClosed, deleteConfirmed, deleteOpened } from '../model/delete-account';
import { deleteAccountTexts } from '../i18n/texts';
import { blockerText } from '../lib/blocker-text';
import styles from './delete-account.module.css';

function BlockerText({ blocker }: { blocker: DeletionBlocker }) {
  const { t } = useTranslation([deleteAccountTexts.ns, 'cards']);
  const format = useFormatters();
  return <>{blockerText(blocker, { t: (key, options) => t(key, options), price: format.price })}</>;
}

/** "Delete account" on the Profile: what blocks it, in words, or a confirmation. */
export function DeleteAccount() {
  const { t } = useTranslation(deleteAccountTexts.ns);
  const [step, blockers, error, deleting] = useUnit([$step, $blockers, $error, $deleting]);
  const [open, close, confirm] = useUnit([deleteOpened, deleteClosed, deleteConfirmed]);
  return (
    <Section title={t('title')} footer={t('intro')}>
      <div className={styles.body}>
        {error && <Alert tone="danger">{t(error.keys, { defaultValue: error.defaultValue })}</Alert>}
        {step === 'closed' && (
          <Button variant="destructive" fullWidth onClick={open}>
            {t('button')}
          </Button>
        )}
        {step === 'checking' && (
          <p role="status" aria-busy="true" className={styles.text}>
            {t('checking')}
          </p>
        )}
        {step === 'blocked' && (
          <Alert tone="warning" title={t('blocked')} action={<Button variant="plain" onClick={close}>{t('close')}</Button>}>
            <ul className={styles.blockers}>
              {blockers.map((blocker, index) => (
                <li key={index}>
                  <BlockerText blocker={blocker} />
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {step === 'confirm' && (
          <div role="alertdialog" aria-labelledby="delete-account-title" aria-describedby="delete-account-text" className={styles.confirm}>
            <h3 id="delete-account-title" className={styles.title}>
              {t('confirmTitle')}
            </h3>
            <p id="delete-account-text" className={styles.text}>
              {t('confirmText')}
            </p>
            <Button variant="destructive" fullWidth loading={deleting} onClick={confirm}>
              {t('confirm')}
            </Button>
            <Button variant="plain" fullWidth onClick={close} disabled={deleting}>
              {t('cancel')}
            </Button>
          </div>
        )}
      </div>
    </Section>
  );
}
