import { useUnit } from 'effector-react';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { $isAuthenticated } from '@/entities/session';
import { routePaths } from '@/shared/config';
import { markReady } from '@/shared/platform';
import { ScreenSkeleton, ToastHost } from '@/shared/ui';
import { AppShell } from '@/widgets/app-shell';
import { decideAccess } from './guards';
import type { ScreenLayout } from './screens';

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

/** The next screen's chunk is loading: show the SPEC §2 skeleton in place of the old screen. */
function ScreenOutlet() {
  const navigation = useNavigation();
  const location = useLocation();
  const switching = navigation.state === 'loading' && navigation.location?.pathname !== location.pathname;
  return switching ? <ScreenSkeleton /> : <Outlet />;
}

/** Root of every route: tells Telegram the first screen is usable, hosts toasts. */
export function RootLayout() {
  useEffect(() => {
    // Two frames: the first screen has been laid out and painted.
    const id = requestAnimationFrame(() => requestAnimationFrame(() => markReady()));
    return () => cancelAnimationFrame(id);
  }, []);
  return (
    <>
      <Outlet />
      <ToastHost />
    </>
  );
}

const AUTH_ROOTS = [routePaths.welcome];
const NO_ROOTS: readonly string[] = [];

export function AuthLayout({ hasScreen }: LayoutProps) {
  return (
    <Guard layout="auth" hasScreen={hasScreen}>
      <AppShell tabs={false} rootPaths={AUTH_ROOTS}>
        <ScreenOutlet />
      </AppShell>
    </Guard>
  );
}

export function AppLayout({ hasScreen }: LayoutProps) {
  return (
    <Guard layout="app" hasScreen={hasScreen}>
      <AppShell>
        <ScreenOutlet />
      </AppShell>
    </Guard>
  );
}

export function ProtectedLayout({ hasScreen }: LayoutProps) {
  return (
    <Guard layout="protected" hasScreen={hasScreen}>
      <AppShell tabs={false} rootPaths={NO_ROOTS}>
        <ScreenOutlet />
      </AppShell>
    </Guard>
  );
}
