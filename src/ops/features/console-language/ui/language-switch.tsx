import { SUPPORTED_LANGUAGES, useLanguage, useTranslation, type Language } from '@/shared/i18n';
import styles from './language-switch.module.css';

/** English / Russian for the console (kept like the app's choice: the same browser setting). */
export function LanguageSwitch() {
  const { t } = useTranslation('ops-common');
  const [language, setLanguage] = useLanguage();
  return (
    <label className={styles.switch}>
      <span className={styles.label}>{t('language.label')}</span>
      <select className={styles.select} value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
