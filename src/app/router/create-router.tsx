import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { HOME_PATH, routePaths } from '@/shared/config';
import { ScreenSkeleton } from '@/shared/ui';
import { RouteErrorScreen } from './recovery-screen';
import { createHasScreen } from './guards';
import { AppLayout, AuthLayout, ProtectedLayout, RootLayout } from './layouts';
import { screens as defaultScreens, type ScreenLayout, type ScreenRoute } from './screens';

function screenRoutes(list: readonly ScreenRoute[], layout: ScreenLayout): RouteObject[] {
  return list
    .filter((screen) => screen.layout === layout)
    .map((screen) => ({
      path: screen.path,
      lazy: async () => ({ Component: await screen.load() }),
    }));
}

/** Route objects for a screen table (exported for tests). */
export function buildRoutes(list: readonly ScreenRoute[] = defaultScreens): RouteObject[] {
  const hasScreen = createHasScreen(list);
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <ScreenSkeleton />,
      children: [
        { id: 'auth', element: <AuthLayout hasScreen={hasScreen} />, children: screenRoutes(list, 'auth') },
        { id: 'app', element: <AppLayout hasScreen={hasScreen} />, errorElement: <RouteErrorScreen />, children: screenRoutes(list, 'app') },
        { id: 'protected', element: <ProtectedLayout hasScreen={hasScreen} />, errorElement: <RouteErrorScreen />, children: screenRoutes(list, 'protected') },
        { path: routePaths.main, element: <Navigate to={HOME_PATH} replace /> },
        { path: '*', element: <Navigate to={routePaths.welcome} replace /> },
      ],
    },
  ];
}

export function createAppRouter(list: readonly ScreenRoute[] = defaultScreens) {
  return createBrowserRouter(buildRoutes(list));
}
