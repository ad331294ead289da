import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { preloadNamespaces, SHARED_NAMESPACES, useTranslation } from '@/shared/i18n';
import { firstScreenPainted } from '@/shared/lib';
import { markReady, startNativeLook } from '@/shared/platform';
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
  // Development only (the production build drops it whole, the text included).
  const details = import.meta.env.DEV ? (error instanceof Error ? `${error.name}: ${error.message}` : error ? String(error) : null) : null;
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

let firstScreenShown = false;

/**
 * Call from what the user sees first (a screen, or the error screen in its place): once its first frame has been
 * painted, Telegram is told the app is usable (markReady, idempotent); then, once, when the first contentful paint has
 * been presented (`afterFirstPaintPresented`), what waits for the first screen is released
 * (`firstScreenPainted`, @/shared/lib), the native look starts (`startNativeLook`), the namespaces shared code refers to by key prefix (`errors:`, `platform:`) are
 * fetched in the background, and the work boot leaves until the first screen is up runs (`afterFirstScreen`). None of
 * it competes with the first screen any more.
 */
export function useScreenShown(): void {
  useEffect(() => {
    // A task queued from the frame callback runs once that frame has been painted: Telegram reveals a painted screen,
    // one frame sooner than waiting for the next frame's callback (issue #13).
    let painted: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      painted = setTimeout(() => {
        markReady();
        if (firstScreenShown) return;
        firstScreenShown = true;
        // Not cancelled with this screen: once the first screen has painted, what waits for it is released.
        afterFirstPaintPresented(() => {
          firstScreenPainted();
          startNativeLook();
          preloadNamespaces(SHARED_NAMESPACES);
          // The language sync and the error reports (after-first-screen.ts, lazy).
          void import('./after-first-screen').then((after) => after.afterFirstScreen());
        });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(painted);
    };
  }, []);
}

/** Where the browser does not report paints (Paint Timing), what waits for the first paint starts this much later. */
const FIRST_PAINT_FALLBACK_MS = 500;

/**
 * Runs `then` once, in a task after the first contentful paint has been presented (Paint Timing's
 * `first-contentful-paint`: what the user sees, a moment after the frame's own task). Where the browser does not report
 * it, after FIRST_PAINT_FALLBACK_MS.
 */
function afterFirstPaintPresented(then: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(then, 0);
  };
  try {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return once();
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // no Paint Timing here: the fallback below
  }
  setTimeout(once, FIRST_PAINT_FALLBACK_MS);
}

/**
 * In place of a screen that failed to render or whose chunk failed to download. "Try again" renders the
 * screen again (a failed chunk: reloads the page), "Go to start" goes to "/".
 */
export function RouteErrorScreen({ error, reset }: { error: unknown; reset: () => void }) {
  const navigate = useNavigate();
  useScreenShown();
  useEffect(() => void import('./after-first-screen').then((after) => after.reportRenderError(error)), [error]);
  return (
    <RecoveryScreen
      error={error}
      onRetry={() => {
        if (isChunkLoadError(error)) window.location.reload();
        else reset();
      }}
      onGoToStart={() => void navigate('/', { replace: true })}
    />
  );
}
