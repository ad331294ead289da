import { StrictMode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '@/shared/ui';
import { createAppRouter } from '../router/create-router';
import { RecoveryScreen } from '../router/recovery-screen';

/** Last-resort boundary outside the router (the router has its own errorElement). */
export function App({ router = createAppRouter() }: { router?: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <ErrorBoundary
        fallback={({ error, reset }) => (
          <RecoveryScreen error={error} onRetry={reset} onGoToStart={() => window.location.assign('/')} />
        )}
      >
        <RouterProvider router={router} />
      </ErrorBoundary>
    </StrictMode>
  );
}
