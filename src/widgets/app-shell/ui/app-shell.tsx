import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { IconArrowLeft } from '@/shared/ui';
import { TAB_ROOT_PATHS } from '../config/tabs';
import { useScreenTransition } from '../model/use-screen-transition';
import { useShellBack } from '../model/use-shell-back';
import styles from './app-shell.module.css';
import { TabBar } from './tab-bar';

export interface AppShellProps {
  children: ReactNode;
  /** Show the bottom tab bar (app layout) or not (auth and protected layouts). */
  tabs?: boolean;
  /** Paths without a back action. Defaults to the tab roots. */
  rootPaths?: readonly string[];
  /** Extra header content (e.g. a title) shown next to the in-page back arrow. */
  header?: ReactNode;
}

/**
 * The frame around screens: safe areas, optional header with an in-page back arrow (only outside
 * Telegram; inside, Telegram's own back button is used) and the bottom tab bar.
 */
export function AppShell({ children, tabs = true, rootPaths = TAB_ROOT_PATHS, header }: AppShellProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isRoot = rootPaths.includes(pathname.replace(/\/+$/, '') || '/');
  const { showInPageBack, goBack } = useShellBack({ isRoot });
  const mainRef = useScreenTransition<HTMLElement>(isRoot);

  return (
    <div className={cn(styles.shell, tabs && styles.withTabs)}>
      {(showInPageBack || header) && (
        <header className={styles.header}>
          {showInPageBack && (
            <button type="button" className={styles.back} onClick={goBack} aria-label={t('back')}>
              <IconArrowLeft size={24} />
            </button>
          )}
          {header}
        </header>
      )}
      <main ref={mainRef} className={styles.main}>
        {children}
      </main>
      {tabs && <TabBar />}
    </div>
  );
}
