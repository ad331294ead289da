import type { ComponentType } from 'react';
import { routePaths } from '@/shared/config';
import { IconCard, IconSettings, IconWallet, type IconProps } from '@/shared/ui';

export interface ShellTab {
  path: string;
  /** i18n key in the `shell` namespace. */
  labelKey: 'tabs.wallet' | 'tabs.cards' | 'tabs.settings';
  Icon: ComponentType<IconProps>;
}

/** SPEC §2: bottom tabs wallet, cards, settings. */
export const SHELL_TABS: readonly ShellTab[] = [
  { path: routePaths.wallet, labelKey: 'tabs.wallet', Icon: IconWallet },
  { path: routePaths.cards, labelKey: 'tabs.cards', Icon: IconCard },
  { path: routePaths.settings, labelKey: 'tabs.settings', Icon: IconSettings },
];

/** Screens with no "back": the tab roots. */
export const TAB_ROOT_PATHS: readonly string[] = SHELL_TABS.map((tab) => tab.path);
