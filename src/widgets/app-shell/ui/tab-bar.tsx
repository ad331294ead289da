import { NavLink } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { SHELL_TABS } from '../config/tabs';
import styles from './app-shell.module.css';

/** Bottom navigation: a nav landmark of real links; NavLink sets aria-current="page" on the active tab. */
export function TabBar() {
  const { t } = useTranslation('shell');
  return (
    <nav className={styles.tabBar} aria-label={t('tabs.label')}>
      <ul className={styles.tabs}>
        {SHELL_TABS.map(({ path, labelKey, Icon }) => (
          <li key={path}>
            <NavLink to={path} className={styles.tab}>
              <Icon size={26} />
              <span className={styles.tabLabel}>{t(labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
