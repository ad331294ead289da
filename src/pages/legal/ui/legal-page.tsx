import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { Button, Page } from '@/shared/ui';
import { LEGAL_DOCUMENTS, type LegalDocument } from '../config/documents';
import styles from './legal-page.module.css';

function LegalPage({ doc }: { doc: LegalDocument }) {
  const { t } = useTranslation('legal');
  const navigate = useNavigate();
  return (
    <Page
      title={t(`${doc}.title`)}
      footer={
        <Button variant="secondary" fullWidth onClick={() => navigate(-1)}>
          {t('back')}
        </Button>
      }
    >
      <article className={styles.article} aria-label={t(`${doc}.title`)}>
        <p className={styles.updated}>{t('updated')}</p>
        {LEGAL_DOCUMENTS[doc].map((section) => (
          <section key={section} className={styles.section}>
            <h2 className={styles.heading}>{t(`${doc}.${section}.title`)}</h2>
            <p className={styles.text}>{t(`${doc}.${section}.text`)}</p>
          </section>
        ))}
      </article>
    </Page>
  );
}

/** /terms: the Terms of Service (issue #14), reachable signed in or not (Welcome, Settings). */
export function TermsPage() {
  return <LegalPage doc="terms" />;
}

/** /privacy: the Privacy Policy (issue #14), reachable signed in or not (Welcome, Settings). */
export function PrivacyPage() {
  return <LegalPage doc="privacy" />;
}
