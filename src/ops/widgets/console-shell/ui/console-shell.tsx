import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { $operator, hasRole, RoleBadges, signOutFx } from '@/ops/entities/operator';
import { LanguageSwitch } from '@/ops/features/console-language';
import { CONSOLE_SECTIONS } from '@/ops/shared/config';
import styles from './console-shell.module.css';

/** The console's frame: the operator, the sections their roles open, sign-out and the language; the screen inside. */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ops-common');
  const [operator, signingOut] = useUnit([$operator, signOutFx.pending]);
  const signOut = useUnit(signOutFx);
  const sections = CONSOLE_SECTIONS.filter((section) => hasRole(operator, ...section.roles));
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#console-main">
        {t('skipToContent')}
      </a>
      <header className={styles.top}>
        <span className={styles.brand}>{t('brand')}</span>
        <div className={styles.who}>
          {operator && (
            <>
              <span className={styles.name}>{operator.name}</span>
              <RoleBadges roles={operator.roles} />
            </>
          )}
          <LanguageSwitch />
          <Button variant="secondary" size="m" loading={signingOut} onClick={() => void signOut()}>
            {t('signOut')}
          </Button>
        </div>
      </header>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <ul className={styles.navList}>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                {t(`nav.${section.label}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="console-main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
