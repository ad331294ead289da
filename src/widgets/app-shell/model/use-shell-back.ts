import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { HOME_PATH } from '@/shared/config';
import { handleBack, navigateFx, useBackHandlerCount } from '@/shared/lib';
import { isTelegramBackButtonAvailable, useTelegramBackButton } from '@/shared/platform';

export interface ShellBackOptions {
  /** Root screens have no back action (tab roots, Welcome). */
  isRoot: boolean;
  /** Where "back" goes when the screen was opened directly (no in-app history). */
  fallbackPath?: string;
}

/**
 * The one owner of "back": Telegram's native back button when the client has it, otherwise an in-page
 * arrow (never both). Open sheets take the press first (shared/lib back stack), then `navigateFx` goes back.
 */
export function useShellBack({ isRoot, fallbackPath = HOME_PATH }: ShellBackOptions) {
  const location = useLocation();
  const overlays = useBackHandlerCount();
  const hasHistory = location.key !== 'default';

  const goBack = useCallback(() => {
    if (handleBack()) return;
    void navigateFx(hasHistory ? { back: true } : { to: fallbackPath, replace: true });
  }, [hasHistory, fallbackPath]);

  const telegramBack = isTelegramBackButtonAvailable();
  useTelegramBackButton({ visible: telegramBack && (!isRoot || overlays > 0), onBack: goBack });

  return { showInPageBack: !telegramBack && !isRoot, goBack };
}
