import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n, LANGUAGE_STORAGE_KEY } from '@/shared/i18n';
import { WelcomePage } from './welcome-page';

const renderWelcome = () =>
  render(
    <MemoryRouter>
      <WelcomePage />
    </MemoryRouter>,
  );

describe('WelcomePage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('renders in English with the two entry actions', async () => {
    await initI18n({ navigatorLanguages: ['en-US'] });
    renderWelcome();
    expect(screen.getByRole('heading', { level: 1, name: 'Tonic Wallet' })).toBeTruthy();
    expect(screen.getByText('Top up with USDT or SBP')).toBeTruthy();
    expect(screen.getByText('Virtual and physical cards')).toBeTruthy();
    expect(screen.getByText('Invite friends')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'I already have an account' }).getAttribute('href')).toBe('/signin');
    expect(screen.getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
  });

  it('renders in Russian', async () => {
    await initI18n({ telegramLanguageCode: 'ru', navigatorLanguages: ['en-US'] });
    renderWelcome();
    expect(screen.getByText('Пополнение через USDT или СБП')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Создать аккаунт' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'У меня уже есть аккаунт' }).getAttribute('href')).toBe('/signin');
    expect(screen.getByRole('radiogroup', { name: 'Язык' })).toBeTruthy();
  });

  it('the language switch changes the language and remembers it', async () => {
    await initI18n({ navigatorLanguages: ['en-US'] });
    renderWelcome();
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Русский' }));
    });
    expect(i18n.language).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(screen.getByRole('link', { name: 'Создать аккаунт' })).toBeTruthy();
  });
});
