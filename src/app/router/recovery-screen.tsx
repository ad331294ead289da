import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { useTranslation } from '@/shared/i18n';
import { Button, ErrorState } from '@/shared/ui';
import styles from '../styles/screens.module.css';

export interface RecoveryScreenProps {
  error?: unknown;
  onRetry: () => void;
  onGoToStart: () => void;
}

/** Friendly "something went wrong" screen with "Try again" and "Go to start". */
export function RecoveryScreen({ error, onRetry, onGoToStart }: RecoveryScreenProps) {
  const { t } = useTranslation('common');
  const details = error instanceof Error ? `${error.name}: ${error.message}` : error ? String(error) : null;
  return (
    <div className={styles.screen}>
      <ErrorState title={t('recovery.title')} message={t('recovery.message')} onRetry={onRetry} retryLabel={t('actions.retry')}>
        <Button variant="plain" fullWidth onClick={onGoToStart}>
          {t('actions.goToStart')}
        </Button>
      </ErrorState>
      {import.meta.env.DEV && details && (
        <details className={styles.details}>
          <summary>{t('recovery.details')}</summary>
          <pre>{details}</pre>
        </details>
      )}
    </div>
  );
}

/** A lazy chunk that failed to download (deploy replaced it, network dropped): only a reload helps. */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/** The router's errorElement: render errors and failed lazy screens. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <RecoveryScreen
      error={error}
      onRetry={() => {
        if (isChunkLoadError(error)) window.location.reload();
        // A new navigation to the same location clears the route error and renders the screen again.
        else void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
      }}
      onGoToStart={() => void navigate('/', { replace: true })}
    />
  );
}
