/**
 * The console's boot (docs/ops.md "The console"): translations (the shared instance plus the console's own
 * namespaces), the transport's operator session, the session kept by the renewal cookie (a reload), then the first
 * screen.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@/shared/api';
import { i18n, initI18n, preloadNamespaces, SHARED_NAMESPACES } from '@/shared/i18n';
import { operatorSession, restoreSessionFx } from '@/ops/entities/operator';
import { addConsoleTranslations } from '@/ops/shared/i18n';
import { ConsoleApp } from './console-app';

export async function start(container: HTMLElement): Promise<void> {
  configureApi({ baseUrl: '', getInitData: () => undefined, operatorSession });
  await initI18n();
  addConsoleTranslations(i18n);
  preloadNamespaces(SHARED_NAMESPACES);
  void restoreSessionFx();
  createRoot(container).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}
