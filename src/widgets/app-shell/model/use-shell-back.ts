import { useUnit } from 'effector-react';
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { HOME_PATH } from '@/shared/config';
import { useBackHandlerCount } from '@/shared/lib';
import { isTelegramBackButtonAvailable, useTelegramBackButton } from '@/shared/platform';
import { backPressed } from './back';

export interface ShellBackOptions {
  /** Root screens have no back action (tab roots, Welcome). */
  isRoot: boolean;
  /** Where "back" goes when the screen was opened directly (no in-app history). */
  fallbackPath?: string;
}

/**
 * The one owner of "back": Telegram's native back button when the client has it, otherwise an in-page
 * arrow (never both). The press goes to the model (`backPressed`, model/back.ts): open sheets take it first.
 */
export function useShellBack({ isRoot, fallbackPath = HOME_PATH }: ShellBackOptions) {
  const pressBack = useUnit(backPressed);
  const location = useLocation();
  const overlays = useBackHandlerCount();
  const hasHistory = location.key !== 'default';

  const goBack = useCallback(() => pressBack({ hasHistory, fallbackPath }), [hasHistory, pressBack, fallbackPath]);

  const telegramBack = isTelegramBackButtonAvailable();
  useTelegramBackButton({ visible: telegramBack && (!isRoot || overlays > 0), onBack: goBack });

  return { showInPageBack: !telegramBack && !isRoot, goBack };
}
