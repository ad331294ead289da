import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { HideBalancesProvider } from '@/features/hide-balances';
import { ErrorBoundary } from '@/shared/ui';
import { AppRoutes } from '../router/routes';
import { RecoveryScreen } from '../router/recovery-screen';

/** Last-resort boundary outside the router (every screen and the root layout have their own). */
export function App() {
  return (
    <StrictMode>
      <ErrorBoundary
        fallback={({ error, reset }) => (
          <RecoveryScreen error={error} onRetry={reset} onGoToStart={() => window.location.assign('/')} />
        )}
      >
        <BrowserRouter>
          {/* "Hide balances": every amount of every screen follows the device's choice. */}
          <HideBalancesProvider>
            <AppRoutes />
          </HideBalancesProvider>
        </BrowserRouter>
      </ErrorBoundary>
    </StrictMode>
  );
}
