import { useTranslation } from '@/shared/i18n';
import { SignInForm } from '@/ops/features/operator-sign-in';
import { LanguageSwitch } from '@/ops/features/console-language';
import styles from './sign-in-page.module.css';

export function SignInPage() {
  const { t } = useTranslation('ops-auth');
  return (
    <main className={styles.screen}>
      <div className={styles.card}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t('title')}</h1>
          <LanguageSwitch />
        </header>
        <SignInForm />
      </div>
    </main>
  );
}
