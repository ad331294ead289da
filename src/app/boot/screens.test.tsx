import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n';
import { RecoveryScreen } from '../router/recovery-screen';
import { StartupErrorScreen, startupErrorTexts } from './startup-error/startup-error-screen';

describe('boot screens', () => {
  beforeAll(() => initI18n({ navigatorLanguages: ['en'] }));
  afterEach(cleanup);

  it('the startup error screen lists what is wrong in the launch parameters, in its own words (they load with it)', async () => {
    await i18n.loadNamespaces(startupErrorTexts.ns);
    render(<StartupErrorScreen issues={[{ path: 'themeParams.bg_color', message: 'Expected a #rrggbb colour' }]} />);
    expect(screen.getByRole('heading', { name: "This app couldn't start" })).toBeTruthy();
    expect(screen.getByText('themeParams.bg_color')).toBeTruthy();
    expect(screen.getByText('Expected a #rrggbb colour')).toBeTruthy();
  });

  it('the recovery screen offers "Try again" and "Go to start"', () => {
    const onRetry = vi.fn();
    const onGoToStart = vi.fn();
    render(
      <MemoryRouter>
        <RecoveryScreen onRetry={onRetry} onGoToStart={onGoToStart} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to start' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onGoToStart).toHaveBeenCalledOnce();
  });
});
