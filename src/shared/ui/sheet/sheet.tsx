import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn, useBackHandler } from '@/shared/lib';
import { useVerticalSwipesOff } from '@/shared/platform';
import styles from './sheet.module.css';

export interface SheetProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Sticky actions at the bottom (e.g. a primary Button). */
  footer?: ReactNode;
  /**
   * While open, a back press closes the sheet instead of leaving the screen (default true): the app shell
   * shows the Telegram back button and routes its press here (see useBackHandler in shared/lib).
   */
  closeOnBack?: boolean;
  className?: string;
}

/** The open sheet's footer height, on the root element: the toaster keeps its toasts above it. */
const SHEET_FOOTER_HEIGHT = '--app-sheet-footer-height';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Bottom sheet dialog: aria-modal, focus trapped inside, Escape / backdrop / Telegram back close it; vertical swipes off while open. */
export function Sheet({ open, onClose, title, children, footer, closeOnBack = true, className }: SheetProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useBackHandler(open && closeOnBack, () => onCloseRef.current());
  // A sheet scrolls by itself and often takes an amount: Telegram's swipe-down-to-close must not fight it (7.7+;
  // counted, so a sheet over another keeps swipes off until both close).
  useVerticalSwipesOff(open);

  // Toasts rise above the footer's in-page actions while the sheet is open (shared/ui/toast: the toaster's bottom offset),
  // never over the button the sheet is waiting for.
  const hasFooter = Boolean(footer);
  useEffect(() => {
    const element = footerRef.current;
    if (!open || !hasFooter || !element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(SHEET_FOOTER_HEIGHT, `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(SHEET_FOOTER_HEIGHT);
    };
  }, [open, hasFooter]);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // When the focused control disappears (a step of the sheet replaced it), focus falls back to <body> and the
    // panel's own key handling no longer hears Escape or Tab: from there Escape still closes the sheet and Tab
    // moves focus back into it (never to the page behind the modal).
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (document.activeElement && document.activeElement !== document.body) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab' && panel) {
        event.preventDefault();
        (panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
      }
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => {
      document.removeEventListener('keydown', onDocumentKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === panelRef.current)) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return createPortal(
    <div className={styles.root}>
      <div className={styles.backdrop} onClick={() => onCloseRef.current()} aria-hidden />
      <div
        ref={panelRef}
        className={cn(styles.panel, className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.handle} aria-hidden />
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label={t('actions.close')}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && (
          <div ref={footerRef} className={styles.footer}>
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
