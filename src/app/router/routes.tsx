import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { HOME_PATH, routePaths } from '@/shared/config';
import { loadNamespaces, prefetchLocaleFiles } from '@/shared/i18n';
import { ErrorBoundary, ScreenSkeleton } from '@/shared/ui';
import { createHasScreen } from './guards';
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
const lazyScreens = new WeakMap<ScreenRoute, LazyExoticComponent<ComponentType>>();

/** The screen's chunk, fetched once (a failed download is not cached: "Try again" reloads the page). */
function loadChunk(screen: ScreenRoute): Promise<ComponentType> {
  let chunk = chunks.get(screen);
  if (!chunk) {
    chunk = 'component' in screen ? Promise.resolve(screen.component) : screen.load();
    chunks.set(screen, chunk);
    chunk.catch(() => chunks.delete(screen));
  }
  return chunk;
}

/** One React.lazy per route entry: its chunk and its i18n namespaces, fetched in parallel. */
function lazyScreen(screen: ScreenRoute): LazyExoticComponent<ComponentType> {
  let component = lazyScreens.get(screen);
  if (!component) {
    component = lazy(async () => {
      const [Component] = await Promise.all([loadChunk(screen), loadNamespaces(screen.namespaces ?? [])]);
      return { default: Component };
    });
    lazyScreens.set(screen, component);
  }
  return component;
}

/**
 * Starts downloading the chunk of the screen at `pathname` (boot calls it before the platform and i18n
 * start, so the first screen's code arrives in parallel instead of after them), and its translations in the
 * stored language (a returning user's, known before the platform starts). Returns the
 * screen's namespaces: boot has i18n download them once the language is detected (initI18n `prefetch`). Nothing else changes: the same files the router
 * would fetch, just earlier. No-op (and no namespaces) for a path without a screen.
 */
export function preloadScreen(pathname: string, list: readonly ScreenRoute[] = defaultScreens): readonly string[] {
  const screen = list.find((item) => matchPath({ path: item.path, end: true }, pathname) !== null);
  if (!screen) return [];
  loadChunk(screen).catch(() => undefined);
  const namespaces = screen.namespaces ?? [];
  void prefetchLocaleFiles(null, namespaces);
  return namespaces;
}

/** Tells Telegram the first screen is usable once it has rendered (effects run only when it committed). */
function ScreenShown() {
  useScreenShown();
  return null;
}

function Screen({ screen }: { screen: ScreenRoute }) {
  const location = useLocation();
  const Component = 'component' in screen ? screen.component : lazyScreen(screen);
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
export function buildRoutes(list: readonly ScreenRoute[] = defaultScreens): RouteObject[] {
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
