import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n';
import { Sheet } from './sheet';

/** A two-step sheet: "Continue" replaces itself with the review step (as the exchange and top-up sheets do). */
function TwoSteps({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<'form' | 'review'>('form');
  return (
    <Sheet open onClose={onClose} title="Exchange" footer={
        step === 'form' ? (
          <button key="continue" onClick={() => setStep('review')}>
            Continue
          </button>
        ) : (
          <button key="confirm">Confirm</button>
        )
      }
    >
      <p>{step}</p>
    </Sheet>
  );
}

describe('Sheet', () => {
  beforeAll(() => initI18n({ navigatorLanguages: ['en'] }));
  afterEach(cleanup);

  it('is a modal dialog named by its title, focused on its first control; Escape and the close button close it', () => {
    const onClose = vi.fn();
    render(<TwoSteps onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Exchange' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('when the focused control disappears, Escape still closes it and Tab returns focus into it', () => {
    const onClose = vi.fn();
    render(<TwoSteps onClose={onClose} />);
    const next = screen.getByRole('button', { name: 'Continue' });
    act(() => next.focus());
    act(() => next.click());
    expect(screen.getByText('review')).toBeTruthy();
    // The "Continue" button is gone: focus fell back to <body>.
    expect(document.activeElement).toBe(document.body);

    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);

    act(() => (document.activeElement as HTMLElement).blur());
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('while open, publishes its footer height on the root, so toasts rise above the footer buttons; closed, takes it back', () => {
    const root = document.documentElement.style;
    const { rerender } = render(
      <Sheet open onClose={() => undefined} title="Withdraw" footer={<button>Continue</button>}>
        <p>form</p>
      </Sheet>,
    );
    expect(root.getPropertyValue('--app-sheet-footer-height')).toMatch(/^\d+px$/);
    rerender(
      <Sheet open={false} onClose={() => undefined} title="Withdraw" footer={<button>Continue</button>}>
        <p>form</p>
      </Sheet>,
    );
    expect(root.getPropertyValue('--app-sheet-footer-height')).toBe('');
    render(
      <Sheet open onClose={() => undefined} title="Details">
        <p>no footer</p>
      </Sheet>,
    );
    expect(root.getPropertyValue('--app-sheet-footer-height')).toBe('');
  });
});
