/**
 * What waits until the first screen is on screen (a lazy chunk of its own, so none of it weighs on the first screens'
 * budgets or competes with their first frame, issue #13): the language chosen on another device, from Telegram Cloud
 * Storage (6.9+), and the error reports to the server (issue #33, shared/error-reporting).
 */
import { appConfig } from '@/shared/config';
import { startErrorReporting } from '@/shared/error-reporting';
import { getPlatformInfo } from '@/shared/platform';

export function afterFirstScreen(): void {
  startErrorReporting(appConfig.apiBaseUrl);
  if (getPlatformInfo().features.cloudStorage) {
    void import('@/features/change-language').then((language) => language.languageCloudSyncStarted());
  }
}

/** A screen that failed to render (the route's error screen shows instead): reported once. */
export function reportRenderError(error: unknown): void {
  startErrorReporting(appConfig.apiBaseUrl).report('render', error);
}
