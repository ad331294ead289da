import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { routePaths } from '@/shared/config';
import { renderTagged, SUPPORTED_LANGUAGES, useLanguage, useTranslation, type Language } from '@/shared/i18n';
import { IconCard, IconGift, IconTopUp, LinkButton, Page, SegmentedControl, type IconProps } from '@/shared/ui';
import styles from './welcome-page.module.css';

const BENEFITS: ReadonlyArray<{ key: 'topUp' | 'cards' | 'invite'; Icon: ComponentType<IconProps> }> = [
  { key: 'topUp', Icon: IconTopUp },
  { key: 'cards', Icon: IconCard },
  { key: 'invite', Icon: IconGift },
];

function LanguageSwitch() {
  const { t } = useTranslation('common');
  const [language, setLanguage] = useLanguage();
  return (
    <SegmentedControl<Language>
      size="s"
      label={t('language.label')}
      value={language}
      onChange={setLanguage}
      options={SUPPORTED_LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`), ariaLabel: t(`language.${lng}Full`) }))}
    />
  );
}

function Logo() {
  return (
    <svg className={styles.logo} width="72" height="72" viewBox="0 0 72 72" aria-hidden focusable={false}>
      <rect width="72" height="72" rx="20" fill="var(--color-button)" />
      <rect x="14" y="22" width="44" height="30" rx="6" fill="none" stroke="var(--color-button-text)" strokeWidth="3.5" />
      <path d="M14 31h44" stroke="var(--color-button-text)" strokeWidth="3.5" />
      <circle cx="48" cy="43" r="3" fill="var(--color-button-text)" />
    </svg>
  );
}

/** Route "/": the first screen. Kept light: no data fetching, only shared/ui and i18n. */
export function WelcomePage() {
  const { t } = useTranslation(['welcome', 'common']);
  return (
    <Page
      safeArea={false}
      headerEnd={<LanguageSwitch />}
      footer={
        <>
          <LinkButton to={routePaths.signUp} fullWidth>
            {t('welcome:createAccount')}
          </LinkButton>
          <LinkButton to={routePaths.signIn} variant="plain" fullWidth>
            {t('welcome:signIn')}
          </LinkButton>
          <p className={styles.legal}>
            {renderTagged(t('welcome:legal'), {
              terms: <Link className={styles.legalLink} to={routePaths.terms} />,
              privacy: <Link className={styles.legalLink} to={routePaths.privacy} />,
            })}
          </p>
        </>
      }
    >
      <div className={styles.hero}>
        <Logo />
        <h1 className={styles.title}>{t('common:appName')}</h1>
        <p className={styles.tagline}>{t('welcome:tagline')}</p>
      </div>
      <ul className={styles.benefits}>
        {BENEFITS.map(({ key, Icon }) => (
          <li key={key} className={styles.benefit}>
            <span className={styles.benefitIcon}>
              <Icon size={24} />
            </span>
            <span className={styles.benefitText}>
              <span className={styles.benefitTitle}>{t(`welcome:benefits.${key}.title`)}</span>
              <span className={styles.benefitBody}>{t(`welcome:benefits.${key}.text`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </Page>
  );
}
