import { useUnit } from 'effector-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { $appLocked, $stepUpPending } from '@/entities/app-lock';
import { $isAuthenticated } from '@/entities/session';
import { routePaths } from '@/shared/config';
import { useRouterBinding } from '@/shared/lib';
import { ErrorBoundary, ScreenSkeleton, ToastHost } from '@/shared/ui';
import { AppShell } from '@/widgets/app-shell';
import { decideAccess } from './guards';
import { LockGate } from './lock-gate';
import { RouteErrorScreen } from './recovery-screen';
import type { ScreenLayout } from './screens';

const StepUpGate = lazy(() => import('./step-up-gate'));

export interface LayoutProps {
  /** Whether the route table has a screen for a path (from the same table the router was built with). */
  hasScreen: (pathname: string) => boolean;
}

function Guard({ layout, hasScreen, children }: LayoutProps & { layout: ScreenLayout; children: ReactNode }) {
  const isAuthenticated = useUnit($isAuthenticated);
  const location = useLocation();
  const decision = decideAccess({ layout, isAuthenticated, location, hasScreen });
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}

/**
 * Root of every route: hosts toasts, and catches what the screens' own boundaries do not (a layout that
 * fails to render, something suspending outside a screen). Each screen has its own Suspense + error
 * boundary (routes.tsx); binds the models' navigateFx to the router; Telegram is told the app is ready when the first screen has rendered.
 * While the app is locked it renders the lock screen in place of everything else.
 */
export function RootLayout() {
  const location = useLocation();
  // Models navigate through navigateFx (@/shared/lib): bound to this router here, once.
  useRouterBinding();
  // App lock: the lock screen INSTEAD of the routes (not over them): no screen, sheet or toast of the account is
  // mounted while locked; queries keep their cache for after the unlock (docs/frontend-data.md "App lock").
  const [locked, stepUp] = useUnit([$appLocked, $stepUpPending]);
  if (locked) return <LockGate />;
  return (
    <>
      <ErrorBoundary resetKeys={[location.key]} fallback={({ error, reset }) => <RouteErrorScreen error={error} reset={reset} />}>
        <Suspense fallback={<ScreenSkeleton />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <ToastHost />
      {stepUp && (
        <Suspense fallback={null}>
          <StepUpGate />
        </Suspense>
      )}
    </>
  );
}

const AUTH_ROOTS = [routePaths.welcome];
const NO_ROOTS: readonly string[] = [];

export function AuthLayout({ hasScreen }: LayoutProps) {
  return (
    <Guard layout="auth" hasScreen={hasScreen}>
      <AppShell tabs={false} rootPaths={AUTH_ROOTS}>
        <Outlet />
      </AppShell>
    </Guard>
  );
}

export function AppLayout({ hasScreen }: LayoutProps) {
  return (
    <Guard layout="app" hasScreen={hasScreen}>
      <AppShell>
        <Outlet />
      </AppShell>
    </Guard>
  );
}

export function ProtectedLayout({ hasScreen }: LayoutProps) {
  return (
    <Guard layout="protected" hasScreen={hasScreen}>
      <AppShell tabs={false} rootPaths={NO_ROOTS}>
        <Outlet />
      </AppShell>
    </Guard>
  );
}
