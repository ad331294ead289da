import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { apiDataReset, configureApi } from '@/shared/api';
import { createFakeServer, ok } from '@/shared/api/index.testing';
import { initI18n } from '@/shared/i18n';
import { useRouterBinding } from '@/shared/lib';
import { SignInPage } from './sign-in-page';

const server = createFakeServer();

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  await allSettled(apiDataReset, { scope: fork() });
  await initI18n({ navigatorLanguages: ['en-US'] });
  server.on('POST', '/api/auth/send-code', () => ok({ resendInSeconds: 60, expiresInSeconds: 600 }));
  server.on('POST', '/api/auth/verify-code', () => ok({ accessToken: 'a', refreshToken: 'r', user: { id: 'usr_1', name: 'Ann' } }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The app's root layout binds the models' navigateFx to the router; here this does. */
function RouterBinding() {
  useRouterBinding();
  return null;
}

const renderAt = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <RouterBinding />
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/cards/:id" element={<p>card screen</p>} />
        <Route path="/wallet" element={<p>wallet screen</p>} />
      </Routes>
    </MemoryRouter>,
  );

async function signIn() {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ann@example.com' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
  });
  expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
  expect(screen.getByText('ann@example.com')).toBeTruthy();
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Digit 1 of 6'), { target: { value: '123456' } });
  });
}

describe('SignInPage', () => {
  test('after signing in it goes to returnTo', async () => {
    renderAt('/signin?returnTo=%2Fcards%2Fcrd_1');
    await signIn();
    expect(await screen.findByText('card screen')).toBeTruthy();
    expect(localStorage.getItem('tgwallet.accessToken')).toBe('a');
  });

  test('without returnTo (or with an unsafe one) it goes to the wallet', async () => {
    renderAt('/signin?returnTo=https%3A%2F%2Fevil.example');
    await signIn();
    expect(await screen.findByText('wallet screen')).toBeTruthy();
  });

  test('an invalid email shows the message on the field', async () => {
    renderAt('/signin');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Get code' }));
    });
    expect(screen.getByText('Enter your email')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toHaveLength(0);
  });
});
