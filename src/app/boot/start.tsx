import { createRoot, type Root } from 'react-dom/client';
import { authExpired, authExpiredMessageShown, preloadDurableSession, sessionStarted, signedIn, startDurableSession } from '@/entities/session';
import { $appLocked } from '@/entities/app-lock';
import { configureApi, startEarlyGets, tokenStorage, TRANSPORT_ERROR_KEYS } from '@/shared/api';
import { appConfig, routePaths, WALLET_FIRST_PAINT_GETS } from '@/shared/config';
import { afterFirstScreen, holdUntilFirstScreen } from '@/shared/lib';
import { i18n, initI18n } from '@/shared/i18n';
import {
  getInitDataForServer,
  getPlatformInfo,
  getTelegramClientForServer,
  getStartParam,
  initPlatform,
  markReady,
  type LaunchParamsIssue,
  type PlatformState,
} from '@/shared/platform';
import { notify } from '@/shared/ui';
import { preloadScreen, screenReady, skipWelcomeWhenSignedIn } from '../router/routes';
import { App } from './app';
import { followLaunchDeepLink } from './deep-link';

/** At most this long the first render waits for the first screen's code and translations (boot preloads them). */
const FIRST_SCREEN_WAIT_MS = 300;

/**
 * Boot sequence: platform (Telegram or the dev mock, launch params validated) → i18n (needs the Telegram
 * user's language) → API client → router. A rejected launch renders the startup error screen instead.
 * markReady() is sent by the root layout once the first screen has painted (or here, for the error screen).
 */
export async function start(container: HTMLElement): Promise<Root> {
  // Where the app was opened: a launch deep link is followed from the start page only (below).
  const opened = { pathname: window.location.pathname };
  // What is not on the first screen's first frame waits until it has painted (@/shared/lib first-screen).
  holdUntilFirstScreen();
  // The first screen's chunk downloads while the platform and i18n start; its translations as soon as
  // the language is known (in parallel with the core ones), not after the screen's code has arrived.
  const accessToken = tokenStorage.getAccessToken();
  if (accessToken !== null) skipWelcomeWhenSignedIn(window.location, window.history);
  const namespaces = preloadScreen(window.location.pathname);
  // The signed-in Wallet's data leaves now, with its code, not after that code has arrived (issue #34); nothing of the
  // account while the device knows of a lock (entities/app-lock: it starts locked).
  if (accessToken !== null && window.location.pathname === routePaths.wallet && !$appLocked.getState()) {
    startEarlyGets(WALLET_FIRST_PAINT_GETS.map((path) => appConfig.apiBaseUrl.replace(/\/+$/, '') + path), accessToken);
  }
  const root = createRoot(container);
  let platform: PlatformState;
  try {
    platform = await initPlatform();
  } catch (error) {
    // initPlatform() promises not to throw; never leave a blank page if it does.
    platform = { ok: false, isMock: false, issues: [{ path: '(root)', message: String(error) }] };
  }

  // 9.0+: the kept session's chunk downloads while i18n starts (used below).
  if (platform.ok && getPlatformInfo().features.deviceStorage) preloadDurableSession();
  await initI18n({ telegramLanguageCode: platform.ok ? platform.launchParams.initData.user.languageCode : undefined, prefetch: namespaces });

  if (!platform.ok) {
    await renderStartupError(root, platform.issues);
    return root;
  }

  // t.me/<bot>/<app>?startapp=sbp_<paymentId> (the bank's way back into Telegram): open that payment's result.
  const deepLink = followLaunchDeepLink(getStartParam(), { location: opened, history: window.history, storage: sessionStorageOrNull() });
  if (deepLink) preloadScreen(deepLink.split('?')[0]!);

  // Real init data only: the dev mock's is made up, and outside Telegram sign-in is by email (docs/platform.md).
  configureApi({ baseUrl: appConfig.apiBaseUrl, getInitData: getInitDataForServer, getTelegramClient: getTelegramClientForServer });
  // 9.0+: a session kept in Telegram's SecureStorage/DeviceStorage comes back when localStorage lost it (Telegram
  // Desktop restarts); waited for only then, a session in localStorage starts at once (entities/session durable-boot).
  if (getPlatformInfo().features.deviceStorage) await startDurableSession();
  sessionStarted();
  // The guards send the user to /signin?returnTo=… (the session store is cleared); say why.
  authExpired.watch(() => {
    void notify.warning(i18n.t([TRANSPORT_ERROR_KEYS.authExpired, 'common:session.expired']));
    authExpiredMessageShown();
  });

  // The first screen's code and translations (downloading since preloadScreen) before the first render, so that it
  // renders at once instead of through its skeleton (routes.tsx `screenComponent`); never longer than
  // FIRST_SCREEN_WAIT_MS, so a slow download still gets the skeleton on screen.
  await Promise.race([screenReady(window.location.pathname), new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
  root.render(<App />);
  // App lock (a lazy chunk): check the account's lock with the server and follow activity / the background, for a
  // restored session once the first screen has painted and after every sign-in. A device that knows of a lock is
  // already locked (entities/app-lock): only a lock set on another device waits for that check, as it did for the
  // first render before.
  const startAppLock = () => void afterFirstScreen().then(() => import('@/features/app-lock')).then((m) => m.appLockStarted());
  if (tokenStorage.getAccessToken() !== null) startAppLock();
  signedIn.watch(startAppLock);
  // The language chosen on another device (Telegram Cloud Storage) is applied once the first screen is up
  // (router/recovery-screen.tsx `afterFirstScreen`).
  return root;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked (privacy settings)
  }
}

/**
 * The startup error screen is a lazy chunk with its own words: only a launch with invalid parameters needs it (bundle
 * budget). If even that chunk cannot be downloaded, the recovery words of the core texts: never a blank page.
 */
async function renderStartupError(root: Root, issues: readonly LaunchParamsIssue[]): Promise<void> {
  try {
    const screen = await import('./startup-error/startup-error-screen');
    await i18n.loadNamespaces(screen.startupErrorTexts.ns); // its words come with it (rendered at once, not suspended)
    root.render(<screen.StartupErrorScreen issues={issues} />);
  } catch {
    root.render(
      <main role="alert">
        <h1>{i18n.t('common:recovery.title')}</h1>
        <p>{i18n.t('common:recovery.message')}</p>
      </main>,
    );
  }
  requestAnimationFrame(() => markReady());
}
