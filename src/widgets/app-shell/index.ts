export { AppShell, type AppShellProps } from './ui/app-shell';
export { useShellBack, type ShellBackOptions } from './model/use-shell-back';
export { SHELL_TABS, TAB_ROOT_PATHS, type ShellTab } from './config/tabs';
