import { useTranslation } from '@/shared/i18n';
import { Page } from '@/shared/ui';
import { LEGAL_DOCUMENTS, type LegalDocument } from '../config/documents';
import { legalTexts } from '../i18n/texts';
import styles from './legal-page.module.css';

function LegalPage({ doc }: { doc: LegalDocument }) {
  const { t } = useTranslation(legalTexts.ns);
  // The layout's back action (Telegram's BackButton inside Telegram) leads back to where the document was opened.
  return (
    <Page title={t(`${doc}.title`)}>
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
