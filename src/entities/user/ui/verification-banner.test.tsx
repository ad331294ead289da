import { cleanup, render, screen } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, ok } from '@/shared/api/index.testing';
import { initI18n } from '@/shared/i18n';
import { VerificationBanner } from './verification-banner';

const server = createFakeServer();
const me = (verificationStatus: string, extra: Record<string, unknown> = {}) =>
  ok({
    id: 'usr_1',
    firstName: 'Ann',
    lastName: 'Petrova',
    name: 'Ann Petrova',
    email: 'ann@example.com',
    phoneNumber: '+79123456789',
    country: 'RUS',
    verificationStatus,
    telegram: null,
    promoCode: 'ANN123',
    frozen: null,
    verificationRequest: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    ...extra,
  });

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  await allSettled(apiDataReset, { scope: fork() });
  // The component runs in the global scope (the app has no scope provider).
  apiDataReset();
  tokenStorage.save({ accessToken: 'a', refreshToken: 'r' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderBanner = () =>
  render(
    <MemoryRouter>
      <VerificationBanner />
    </MemoryRouter>,
  );

describe('VerificationBanner', () => {
  test('under verification: says features are limited and links to /verification', async () => {
    await initI18n({ navigatorLanguages: ['en-US'] });
    server.on('GET', '/api/users/me', () => me('under_verification'));
    renderBanner();
    expect(await screen.findByText('Account under verification')).toBeTruthy();
    expect(screen.getByText('Some features are limited until we finish checking your account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('/verification');
  });

  test('verification failed: the SPEC message, in Russian too', async () => {
    await initI18n({ telegramLanguageCode: 'ru', navigatorLanguages: ['en-US'] });
    server.on('GET', '/api/users/me', () => me('verification_failed'));
    renderBanner();
    expect(await screen.findByText('Не удалось пройти проверку аккаунта. Обратитесь в поддержку, чтобы решить вопрос.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Написать в поддержку' }).getAttribute('href')).toBe('/verification');
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  test('a verified account shows nothing', async () => {
    await initI18n({ navigatorLanguages: ['en-US'] });
    server.on('GET', '/api/users/me', () => me('verified'));
    const { container } = renderBanner();
    await vi.waitFor(() => expect(server.callsTo('GET', '/api/users/me')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });

  test('asked for more: what to send support, in the user\'s language', async () => {
    await initI18n({ navigatorLanguages: ['en-US'] });
    server.on('GET', '/api/users/me', () => me('under_verification', { verificationRequest: { items: ['identity_document', 'selfie'], at: '2030-01-01T00:00:00.000Z' } }));
    renderBanner();
    expect(
      await screen.findByText(
        'To finish verifying your account we need a photo of your passport or ID card; a selfie holding your ID document. Please send it to support.',
      ),
    ).toBeTruthy();
  });

  test('frozen by an operator: why, and that no money can leave (Russian)', async () => {
    await initI18n({ telegramLanguageCode: 'ru', navigatorLanguages: ['en-US'] });
    server.on('GET', '/api/users/me', () => me('verified', { frozen: { reason: 'suspicious_activity', since: '2030-01-01T00:00:00.000Z' } }));
    renderBanner();
    expect(await screen.findByText('Ваш счёт заморожен')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Мы заметили необычные действия и заморозили счёт, чтобы защитить его.');
  });
});
