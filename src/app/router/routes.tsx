import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { HOME_PATH, routePaths } from '@/shared/config';
import { CORE_NAMESPACES, loadNamespaces, namespacesLoaded, prefetchLocaleFiles, sliceNamespaces } from '@/shared/i18n';
import { ErrorBoundary, ScreenSkeleton } from '@/shared/ui';
import { createHasScreen, decideAccess } from './guards';
import { AppLayout, AuthLayout, ProtectedLayout, RootLayout } from './layouts';
import { RouteErrorScreen, useScreenShown } from './recovery-screen';
import { screens as defaultScreens, type ScreenLayout, type ScreenRoute } from './screens';

/*
 * The declarative router (<BrowserRouter> + useRoutes), not the data router (createBrowserRouter +
 * RouterProvider): the data router adds ~16 KB gzip to every first screen and the app uses none of its
 * data APIs (loaders, actions, fetchers, useBlocker). What the data router gave, done here instead:
 *  - lazy screens: React.lazy per route entry, chunk + its i18n namespaces fetched in parallel;
 *  - the SPEC §2 skeleton while a screen's chunk loads: each screen has its own <Suspense>, so a newly
 *    opened screen shows <ScreenSkeleton/> inside the layout (the shell stays);
 *  - errorElement: an ErrorBoundary per screen (RouteErrorScreen, cleared by the next navigation).
 */

const chunks = new WeakMap<ScreenRoute, Promise<ComponentType>>();
/** The screens whose chunk has arrived (boot preloads the first one's). */
const loadedChunks = new WeakMap<ScreenRoute, ComponentType>();
const lazyScreens = new WeakMap<ScreenRoute, LazyExoticComponent<ComponentType>>();

/** The screen's chunk, fetched once (a failed download is not cached: "Try again" reloads the page). */
function loadChunk(screen: ScreenRoute): Promise<ComponentType> {
  let chunk = chunks.get(screen);
  if (!chunk) {
    chunk = 'component' in screen ? Promise.resolve(screen.component) : screen.load();
    chunks.set(screen, chunk);
    chunk.then(
      (component) => loadedChunks.set(screen, component),
      () => chunks.delete(screen),
    );
  }
  return chunk;
}

/** The screen's chunk and its i18n namespaces, fetched in parallel: what it needs to render. */
async function loadScreen(screen: ScreenRoute): Promise<ComponentType> {
  const [Component] = await Promise.all([loadChunk(screen), loadNamespaces(screen.namespaces ?? [])]);
  return Component;
}

/** The route entry whose path matches `pathname`, if any. */
function screenAt(pathname: string, list: readonly ScreenRoute[]): ScreenRoute | undefined {
  return list.find((item) => matchPath({ path: item.path, end: true }, pathname) !== null);
}

/** One React.lazy per route entry (`loadScreen`). */
function lazyScreen(screen: ScreenRoute): LazyExoticComponent<ComponentType> {
  let component = lazyScreens.get(screen);
  if (!component) {
    component = lazy(async () => ({ default: await loadScreen(screen) }));
    lazyScreens.set(screen, component);
  }
  return component;
}

/**
 * A signed-in user opening the Mini App at its root, as Telegram opens it, is on the wallet before boot picks the first
 * screen (the guards' rule, decideAccess), so the wallet's code and data start with boot as when opened at /wallet,
 * not after a first render of the Welcome and its redirect (issue #13). The URL's query and hash stay (the launch
 * parameters inside Telegram, the dev mock's settings outside). Only the Welcome: a sign-in screen's `returnTo` and a
 * signed-out start (a session kept in Telegram's storage may still come back) are the guards' to follow.
 */
export function skipWelcomeWhenSignedIn(location: Location, history: History, list: readonly ScreenRoute[] = defaultScreens): void {
  const screen = location.pathname === routePaths.welcome ? screenAt(location.pathname, list) : undefined;
  const decision = screen && decideAccess({ layout: screen.layout, isAuthenticated: true, location, hasScreen: createHasScreen(list) });
  if (decision?.type === 'redirect') history.replaceState(history.state, '', `${decision.to}${location.search}${location.hash}`);
}

/**
 * Starts downloading the chunk of the screen at `pathname` (boot calls it before the platform and i18n
 * start, so the first screen's code arrives in parallel instead of after them), and its translations in the
 * stored language (a returning user's, known before the platform starts). Returns the
 * screen's namespaces: boot has i18n download them once the language is detected (initI18n `prefetch`). Nothing else changes: the same files the router
 * would fetch, just earlier. No-op (and no namespaces) for a path without a screen.
 */
export function preloadScreen(pathname: string, list: readonly ScreenRoute[] = defaultScreens): readonly string[] {
  const screen = screenAt(pathname, list);
  if (!screen) return [];
  loadChunk(screen).catch(() => undefined);
  const namespaces = screen.namespaces ?? [];
  // With the core ones: in a language other than English they are one chunk (core/<lang>.ts) that initI18n would
  // otherwise request only once the platform has started, one round trip later.
  void prefetchLocaleFiles(null, [...CORE_NAMESPACES, ...namespaces]);
  return namespaces;
}

/**
 * What a route renders for a screen. A screen whose chunk and translations are already in (the first screen, which
 * boot preloads) is its own component, rendered at once: through React.lazy it would suspend once even then (the
 * factory's promise settles a task later), show the skeleton, and React holds back the reveal of content that replaces
 * a fallback until ~300 ms after that fallback appeared (its Suspense throttling): the signed-in Wallet came ~0.3-0.4 s
 * after its data (issue #13). Otherwise the lazy one. Stable per screen: once a screen went lazy it stays lazy (a
 * settled React.lazy renders at once anyway), so a re-render never swaps the component under a mounted screen.
 */
export function screenComponent(screen: ScreenRoute): ComponentType {
  if ('component' in screen) return screen.component;
  const lazyOne = lazyScreens.get(screen);
  if (lazyOne) return lazyOne;
  const loaded = loadedChunks.get(screen);
  if (loaded && namespacesLoaded([...(screen.namespaces ?? []), ...sliceNamespaces()])) return loaded;
  return lazyScreen(screen);
}

/**
 * Resolves once the screen at `pathname` could render at once (`screenComponent`): its chunk and its translations are
 * in, the texts its slices declare (defineTexts, requested as the chunk ran) included. Never rejects (a failed chunk is
 * the route's error screen to show); at once for a path without a screen. A screen opened later is not held for its
 * slices' texts: what shows them suspends until they are in (behind the nearest <Suspense>).
 */
export function screenReady(pathname: string, list: readonly ScreenRoute[] = defaultScreens): Promise<void> {
  const screen = screenAt(pathname, list);
  if (!screen) return Promise.resolve();
  return loadScreen(screen)
    .then(() => loadNamespaces(sliceNamespaces()))
    .then(
      () => undefined,
      () => undefined,
    );
}

/** Tells Telegram the first screen is usable once it has rendered (effects run only when it committed). */
function ScreenShown() {
  useScreenShown();
  return null;
}

function Screen({ screen }: { screen: ScreenRoute }) {
  const location = useLocation();
  const Component = screenComponent(screen);
  return (
    <ErrorBoundary resetKeys={[location.key]} fallback={({ error, reset }) => <RouteErrorScreen error={error} reset={reset} />}>
      <Suspense fallback={<ScreenSkeleton />}>
        <Component />
        <ScreenShown />
      </Suspense>
    </ErrorBoundary>
  );
}

function screenRoutes(list: readonly ScreenRoute[], layout: ScreenLayout): RouteObject[] {
  return list.filter((screen) => screen.layout === layout).map((screen) => ({ path: screen.path, element: <Screen screen={screen} /> }));
}

/** Route objects for a screen table (exported for tests). */
function buildRoutes(list: readonly ScreenRoute[] = defaultScreens): RouteObject[] {
  const hasScreen = createHasScreen(list);
  return [
    {
      element: <RootLayout />,
      children: [
        { element: <AuthLayout hasScreen={hasScreen} />, children: screenRoutes(list, 'auth') },
        { element: <AppLayout hasScreen={hasScreen} />, children: screenRoutes(list, 'app') },
        { element: <ProtectedLayout hasScreen={hasScreen} />, children: screenRoutes(list, 'protected') },
        { path: routePaths.main, element: <Navigate to={HOME_PATH} replace /> },
        { path: '*', element: <Navigate to={routePaths.welcome} replace /> },
      ],
    },
  ];
}

const routesCache = new WeakMap<readonly ScreenRoute[], RouteObject[]>();

/** The app's routes; render inside a router (<BrowserRouter> in the app, <MemoryRouter> in tests). */
export function AppRoutes({ screens = defaultScreens }: { screens?: readonly ScreenRoute[] }) {
  let routes = routesCache.get(screens);
  if (!routes) {
    routes = buildRoutes(screens);
    routesCache.set(screens, routes);
  }
  return useRoutes(routes);
}
