import { cleanup, render, screen } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import type { UserProfile } from '@/shared/contract';
import { initI18n, loadNamespaces } from '@/shared/i18n';
import { ProfilePage } from './profile-page';
import { profileTexts } from '../i18n/texts';
import { userTexts } from '@/entities/user';

const server = createFakeServer();

const profile = (extra: Partial<UserProfile> = {}): UserProfile => ({
  id: 'usr_1',
  firstName: 'Ivan',
  lastName: 'Petrov',
  name: 'Ivan Petrov',
  email: 'ivan@example.com',
  phoneNumber: '+79991234567',
  country: 'BLR',
  verificationStatus: 'verification_failed',
  telegram: null,
  promoCode: 'AB12CD34',
  frozen: null,
  verificationRequest: null,
  createdAt: '2030-01-02T10:00:00.000Z',
  ...extra,
});

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access', refreshToken: 'refresh' });
  await allSettled(apiDataReset, { scope: fork() });
  await initI18n({ navigatorLanguages: ['en-US'] });
  await loadNamespaces([profileTexts.ns, userTexts.ns, 'errors']); // the page's own and its route's namespaces (src/app/router/screens.ts)
  server.on('GET', '/api/config', () => 'hang');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderProfile = () =>
  render(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
  );

describe('ProfilePage', () => {
  test('a linked Telegram account shows its username and photo; a failed verification says so (SPEC §8)', async () => {
    server.on('GET', '/api/users/me', () =>
      ok(profile({ telegram: { id: '123456', username: 'ivan_p', firstName: 'Ivan', photoUrl: 'https://t.me/i/userpic/ivan.jpg' } })),
    );
    const { container } = renderProfile();
    expect(await screen.findByRole('heading', { name: 'Ivan Petrov' })).toBeTruthy();
    expect(screen.getByText('@ivan_p')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://t.me/i/userpic/ivan.jpg');
    expect(screen.getByText('Belarus')).toBeTruthy();
    expect(screen.getByText('Verification failed')).toBeTruthy();
    expect(screen.getByText('Account verification failed. Please contact support to resolve this issue.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('/verification');
    expect(screen.getByText('AB12CD34')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    // The account actions are slices of their own, with their own words (features/change-email, delete-account).
    expect(screen.getByRole('button', { name: 'Change email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeTruthy();
  });

  test('"Failed to get user" with a retry when the profile cannot load', async () => {
    server.on('GET', '/api/users/me', () => fail(404, { service: 'users', code: 'SOMETHING', message: 'No' }));
    renderProfile();
    expect(await screen.findByText('Failed to get user')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
