export { AppShell } from './ui/app-shell';
